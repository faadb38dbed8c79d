"""QR codes read back as a payment app reads them: from segno's matrix, or from a screenshot."""

from __future__ import annotations

import io

import segno
import zxingcpp
from PIL import Image


def read_matrix(qr: segno.QRCode) -> bytes:
    """The bytes a scanner reads off ``qr``, drawn four pixels a module with its quiet zone."""
    rows = [bytes(0 if dark else 255 for dark in row) for row in qr.matrix_iter(scale=4)]
    image = memoryview(b"".join(rows)).cast("B", (len(rows), len(rows[0])))
    return only_code(zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))


def read_png(png: bytes) -> bytes:
    """The bytes of the one QR code in a screenshot."""
    image = Image.open(io.BytesIO(png)).convert("L")
    return only_code(zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))


def only_code(found: list[zxingcpp.Barcode]) -> bytes:
    assert len(found) == 1, f"{len(found)} QR codes read"
    return bytes(found[0].bytes)

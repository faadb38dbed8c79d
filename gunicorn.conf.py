"""gunicorn's settings for the app: gunicorn reads this file from the folder it starts in
(``gunicorn 'assistant:create_app()'``), else give it with ``-c``."""

from assistant.config import settle_worker


def post_worker_init(worker: object) -> None:
    settle_worker()

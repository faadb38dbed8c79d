"""The club night's room (``docs/night.md``): its rows and its tables (service), its engine
values as stored (stored)."""

"""The evening at a table: the games of one sitting, their money and the settle-up; its page
model (view), forms, routes, the evening to share, and setting up a game (setup). Its rows are
read and written by the store (``store/evening.py``)."""

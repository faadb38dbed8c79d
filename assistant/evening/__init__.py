"""The evening at a table: the games of one sitting, their money and the settle-up; its service,
page model (view), forms and routes."""

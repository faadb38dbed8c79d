"""What is kept, and the only way in and out of it: the rows (models), a game's load and save
(service, writes, reads), an evening's (evening), what a process keeps (kept), and the record
format they are exported in (records, tablefile)."""

"""Circles: the people who play together over many evenings; their service, page model (view),
forms and routes."""

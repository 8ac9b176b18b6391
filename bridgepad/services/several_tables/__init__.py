"""The evening of several tables in the services: what its tables and its director change, through the session."""

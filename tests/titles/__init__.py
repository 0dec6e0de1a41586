"""Small titles the tests register as plugins, exercising every kernel service."""

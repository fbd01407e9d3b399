"""The HTTP layer's helpers: reading requests, errors, security headers. No search logic."""

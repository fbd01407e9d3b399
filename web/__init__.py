"""The HTTP layer: the API and pages blueprints, the service layer they share, request
reading, errors, security headers. No search logic: the engine is in ``boggle/``."""

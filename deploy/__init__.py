"""Deployment: the production recipe (deploy/serve.py) and its nginx configuration."""

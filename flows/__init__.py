"""Prefect flows, one module per user story; each reads like its paper's pipeline figure."""

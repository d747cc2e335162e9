"""What the API (referee.api) and the web pages (referee.web) share, so neither
reaches into the other: the ruleset catalog the service keeps, bounded request
bodies, the grammar of ids in paths, and problem+json errors.
"""

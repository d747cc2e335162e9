"""A referee for the UNO family of card games."""

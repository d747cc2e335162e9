"""Text in the reader's language: verdict messages, rule text, language choice, catalogs.

The service calls only these names; everything else is this package's business.
"""
from .catalogs import LANGUAGES
from .changes import describe_changes
from .negotiation import negotiate
from .report import locales_report
from .ruletext import rule_text
from .verdicts import verdict_message

__all__ = ["LANGUAGES", "negotiate", "verdict_message", "rule_text", "locales_report", "describe_changes"]

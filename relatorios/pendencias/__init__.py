"""Pendências do órgão (issue 17, item 6): leituras (selectors) e telas do RH."""

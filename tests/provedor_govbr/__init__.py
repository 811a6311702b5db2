"""Provedor OpenID Connect local, no formato do gov.br (somente testes e desenvolvimento).

Um Django à parte com o django-oauth-toolkit: descoberta, autorização (com PKCE),
token, userinfo, JWKS, saída (RP-initiated logout) e a API de confiabilidades
(níveis bronze, prata, ouro) na mesma forma da do gov.br. As contas vêm de um
arquivo JSON (``PROVEDOR_CONTAS``); o ``sub`` é o CPF. Contas de teste podem pedir
um token vencido ou adulterado, para os casos de recusa. Sobe com ``processo.py``.
"""

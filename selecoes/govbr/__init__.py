"""Entrar com gov.br (Login Único, OpenID Connect) para candidatos e servidores do RH.

Biblioteca: ``mozilla-django-oidc``. Ela faz o protocolo (state, nonce e PKCE
guardados na sessão, troca do código, verificação da assinatura pelo JWKS, userinfo)
com poucas peças trocáveis, sem criar apps, modelos nem telas próprias; o
``django-allauth`` traria contas, e-mails e telas que o sistema não usa. O que ela
não faz fica aqui, em módulos pequenos: a descoberta do provedor
(``descoberta.py``), a conferência de emissor, audiência e validade do token e as
páginas de recusa em português (``oidc.py``), o nível da conta (``confiabilidade.py``)
e a sessão do candidato, que não é usuário do sistema (``sessao.py``).
"""

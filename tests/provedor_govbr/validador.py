"""Claims no formato do gov.br: ``sub`` é o CPF; nome e e-mail pelos escopos padrão."""

import base64
import json
import time
from typing import Any

from jwcrypto import jwt
from oauth2_provider.oauth2_validators import OAuth2Validator

from tests.provedor_govbr.contas import conta

CPF_DE_OUTRA_PESSOA = "11144477735"


def _b64(dados: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(dados).encode()).rstrip(b"=").decode()


def _conteudo(serializado: str) -> dict[str, Any]:
    parte = serializado.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(parte + "=" * (-len(parte) % 4)))


class ValidadorGovBr(OAuth2Validator):
    def get_claim_dict(self, request: Any) -> dict[str, Any]:
        dados = conta(request.user.username)
        return {
            "sub": dados.get("sub", request.user.username),
            "name": dados.get("nome", ""),
            "email": dados.get("email", ""),
            "email_verified": True,
        }

    def finalize_id_token(
        self, id_token: dict, token: Any, token_handler: Any, request: Any
    ) -> str:
        modo = conta(request.user.username).get("token")
        serializado = super().finalize_id_token(id_token, token, token_handler, request)
        if modo == "vencido":
            # Assinatura verdadeira, validade já passada.
            claims = _conteudo(serializado)
            claims["iat"] = int(time.time()) - 7200
            claims["exp"] = int(time.time()) - 3600
            chave = request.client.jwk_key
            vencido = jwt.JWT(
                header={"typ": "JWT", "alg": "RS256", "kid": chave.thumbprint()}, claims=claims
            )
            vencido.make_signed_token(chave)
            return vencido.serialize()
        if modo == "adulterado":
            # Outro CPF no conteúdo, assinatura original: a verificação tem de falhar.
            cabecalho, _, assinatura = serializado.split(".")
            claims = {**_conteudo(serializado), "sub": CPF_DE_OUTRA_PESSOA}
            return f"{cabecalho}.{_b64(claims)}.{assinatura}"
        return serializado

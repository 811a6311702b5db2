from django import forms

from selecoes.validators import somente_digitos, validar_cpf


class CpfServidorForm(forms.Form):
    cpf = forms.CharField(label="CPF", max_length=14, help_text="11 dígitos, com ou sem pontuação.")

    def clean_cpf(self) -> str:
        cpf = somente_digitos(self.cleaned_data["cpf"])
        validar_cpf(cpf)
        return cpf

// Formulário do edital: linhas de vagas/critérios e prévia do quadro de reserva.
// Melhoria progressiva: sem JavaScript, o quadro é recalculado ao salvar.
(() => {
  "use strict";

  const ESPERA_MS = 400;

  function adicionarLinha(prefixo) {
    const total = document.getElementById(`id_${prefixo}-TOTAL_FORMS`);
    const modelo = document.getElementById(`modelo-${prefixo}`);
    const lista = document.querySelector(`[data-formset="${prefixo}"]`);
    if (!total || !modelo || !lista) return;
    const indice = Number(total.value);
    const html = modelo.innerHTML.replace(/__prefix__/g, String(indice));
    const area = document.createElement("div");
    area.innerHTML = html.trim();
    const linha = area.firstElementChild;
    lista.appendChild(linha);
    total.value = String(indice + 1);
    const primeiro = linha.querySelector("input:not([type=hidden]), select, textarea");
    if (primeiro) primeiro.focus();
  }

  function prepararFormsets(form) {
    form.querySelectorAll("[data-adicionar]").forEach((botao) => {
      botao.hidden = false;
      botao.addEventListener("click", () => {
        adicionarLinha(botao.dataset.adicionar);
        form.dispatchEvent(new Event("change"));
      });
    });
  }

  function prepararDesempate(form) {
    // O código do critério de avaliação só é pedido para "nota em um critério".
    form.querySelectorAll("select[name^=desempate_]").forEach((select) => {
      const parametro = form.querySelector(`[name="${select.name}_parametro"]`);
      const grupo = parametro && parametro.closest(".mb-3");
      if (!grupo) return;
      const atualizar = () => {
        const precisa = select.value === "nota_criterio";
        grupo.hidden = !precisa && !parametro.value && !parametro.classList.contains("is-invalid");
      };
      select.addEventListener("change", atualizar);
      atualizar();
    });
  }

  function resumo(regiao) {
    const aplicabilidade = regiao.querySelector(".aplicabilidade");
    if (!aplicabilidade) return "Quadro de reserva atualizado.";
    const totais = Array.from(regiao.querySelectorAll("[data-total]"))
      .map((td) => `${td.dataset.total === "negros" ? "negros" : "PcD"}: ${td.textContent.trim()}`)
      .join(", ");
    const aplica = aplicabilidade.dataset.aplicavel === "sim";
    const base = regiao.querySelector(".base-reserva");
    const rotuloBase = base && base.dataset.base === "vaga" ? " (base: cada vaga)" : base ? " (base: total da seleção)" : "";
    return aplica
      ? `Quadro de reserva atualizado${rotuloBase}. Vagas reservadas — ${totais}.`
      : "Quadro de reserva atualizado: a reserva não se aplica.";
  }

  function prepararPrevia(form) {
    const url = form.dataset.previaUrl;
    const regiao = document.getElementById("previa-reserva");
    const estado = document.getElementById("previa-estado");
    if (!url || !regiao) return;
    let espera = null;
    let controle = null;

    async function atualizar() {
      if (controle) controle.abort();
      controle = new AbortController();
      if (estado) estado.textContent = "Calculando o quadro de reserva…";
      regiao.setAttribute("aria-busy", "true");
      try {
        const resposta = await fetch(url, {
          method: "POST",
          body: new FormData(form),
          headers: { "X-Requested-With": "XMLHttpRequest" },
          credentials: "same-origin",
          signal: controle.signal,
        });
        if (!resposta.ok) throw new Error(String(resposta.status));
        regiao.innerHTML = await resposta.text();
        if (estado) estado.textContent = resumo(regiao);
      } catch (erro) {
        if (erro.name === "AbortError") return;
        if (estado) estado.textContent = "Não foi possível atualizar a prévia; ela será recalculada ao salvar.";
      } finally {
        regiao.removeAttribute("aria-busy");
      }
    }

    const agendar = () => {
      window.clearTimeout(espera);
      espera = window.setTimeout(atualizar, ESPERA_MS);
    };
    form.addEventListener("input", agendar);
    form.addEventListener("change", agendar);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const resumoErros = document.getElementById("resumo-erros");
    if (resumoErros) resumoErros.focus();
    const form = document.querySelector("form[data-previa-url]");
    if (!form) return;
    prepararFormsets(form);
    prepararDesempate(form);
    prepararPrevia(form);
  });
})();

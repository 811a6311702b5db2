// Grade de notas (setas ↑ ↓ na mesma coluna, aviso de alterações não salvas)
// e barra de progresso da publicação. As páginas funcionam sem JavaScript.
document.addEventListener("DOMContentLoaded", () => {
  const grade = document.querySelector("[data-grade]");
  if (grade) {
    let alterada = false;
    grade.addEventListener("input", () => { alterada = true; });
    grade.addEventListener("submit", () => { alterada = false; });
    window.addEventListener("beforeunload", (ev) => {
      if (alterada) { ev.preventDefault(); ev.returnValue = ""; }
    });
    grade.addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
      const campo = ev.target;
      if (!(campo instanceof HTMLInputElement) || !campo.dataset.coluna) return;
      const coluna = Array.from(grade.querySelectorAll(`[data-coluna="${campo.dataset.coluna}"]`));
      const destino = coluna[coluna.indexOf(campo) + (ev.key === "ArrowDown" ? 1 : -1)];
      if (destino) { ev.preventDefault(); destino.focus(); destino.select(); }
    });
    const primeiroErro = grade.querySelector("[aria-invalid='true']");
    if (primeiroErro) primeiroErro.focus();
  }

  const painel = document.querySelector("[data-progresso]");
  if (painel) {
    const barra = painel.querySelector("progress");
    const texto = painel.querySelector("[data-progresso-texto]");
    const consultar = async () => {
      try {
        const resposta = await fetch(painel.dataset.progresso, { headers: { Accept: "application/json" } });
        if (!resposta.ok) throw new Error(String(resposta.status));
        const estado = await resposta.json();
        if (estado.total) barra.max = estado.total;
        barra.value = estado.feitos || 0;
        if (estado.estado === "concluida" && estado.url) {
          texto.textContent = "Publicado. Abrindo a versão…";
          window.location.assign(estado.url);
          return;
        }
        if (estado.estado === "erro") {
          texto.textContent = "A publicação não foi feita: " + (estado.mensagens || []).join(" ");
          return;
        }
        texto.textContent = estado.estado === "fila"
          ? "Na fila: aguardando o processamento."
          : `Processando: ${estado.feitos || 0} de ${estado.total || "?"} vagas.`;
      } catch (erro) {
        texto.textContent = "Não foi possível consultar o progresso; tentando de novo…";
      }
      window.setTimeout(consultar, 1500);
    };
    window.setTimeout(consultar, 500);
  }
});

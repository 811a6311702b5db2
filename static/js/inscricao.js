// Formulário de inscrição: comportamentos progressivos. Sem JavaScript, tudo
// continua visível e o servidor valida as mesmas regras.
document.addEventListener("DOMContentLoaded", () => {
  const resumo = document.getElementById("resumo-erros");
  if (resumo) resumo.focus();

  const form = document.getElementById("form-inscricao");
  if (!form) return;

  // Art. 2º: só pretos ou pardos podem optar pela reserva a candidatos negros.
  const reservaNegros = form.querySelector("#id_concorre_negros");
  const avisoNegros = document.createElement("p");
  avisoNegros.className = "form-text";
  avisoNegros.id = "aviso-reserva-negros";
  avisoNegros.setAttribute("aria-live", "polite");
  if (reservaNegros) reservaNegros.closest(".form-check").appendChild(avisoNegros);

  const atualizarNegros = () => {
    if (!reservaNegros) return;
    const marcada = form.querySelector("input[name=cor_raca]:checked");
    const negra = marcada && (marcada.value === "preta" || marcada.value === "parda");
    reservaNegros.disabled = !negra;
    if (!negra) reservaNegros.checked = false;
    avisoNegros.textContent = negra
      ? ""
      : "Disponível somente para quem se autodeclara preto(a) ou pardo(a).";
  };
  form.querySelectorAll("input[name=cor_raca]").forEach((el) =>
    el.addEventListener("change", atualizarNegros),
  );
  atualizarNegros();

  // PcD: a opção pela reserva e o laudo só fazem sentido com a declaração.
  const pcd = form.querySelector("#id_pcd");
  const grupoReservaPcd = document.getElementById("grupo-concorre_pcd");
  const grupoLaudo = document.getElementById("grupo-laudo_pcd");
  const atualizarPcd = () => {
    if (!pcd) return;
    [grupoReservaPcd, grupoLaudo].forEach((grupo) => {
      if (grupo) grupo.hidden = !pcd.checked;
    });
    if (!pcd.checked) {
      const reserva = form.querySelector("#id_concorre_pcd");
      if (reserva) reserva.checked = false;
    }
  };
  if (pcd) pcd.addEventListener("change", atualizarPcd);
  atualizarPcd();
});

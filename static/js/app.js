// Comportamentos progressivos; as páginas funcionam sem JavaScript.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-confirmar]").forEach((el) => {
    el.addEventListener("click", (ev) => {
      if (!window.confirm(el.dataset.confirmar)) ev.preventDefault();
    });
  });

  // Tabela larga rola na própria caixa: quem usa o teclado precisa alcançá-la (WCAG 2.1.1).
  const alcancaveis = () => {
    document.querySelectorAll("main table, main .table-responsive").forEach((el) => {
      const rola = el.scrollWidth > el.clientWidth + 1;
      if (rola && !el.hasAttribute("tabindex")) {
        el.tabIndex = 0;
        el.dataset.rolavel = "1";
      } else if (!rola && el.dataset.rolavel) {
        el.removeAttribute("tabindex");
        delete el.dataset.rolavel;
      }
    });
  };
  alcancaveis();
  window.addEventListener("resize", alcancaveis);
});

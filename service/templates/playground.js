(() => {
  const $ = (id) => document.getElementById(id);
  const base = location.origin + "/";
  // The path shape docs components emit (base + encodeURI(notation)); '#' and '?'
  // would end the path, so they are escaped too.
  const encode = (n) => encodeURI(n).replace(/#/g, "%23").replace(/\?/g, "%3F");

  function query(forImage) {
    const q = new URLSearchParams();
    if ($("height").value && $("height").value !== "38") q.set("height", $("height").value);
    if (forImage && $("scale").value !== "1") q.set("scale", $("scale").value);
    if ($("theme").value !== "light") q.set("theme", $("theme").value);
    if ($("bg").value.trim()) q.set("bg", $("bg").value.trim().replace(/^#/, ""));
    if ($("layout").value === "river") q.set("layout", "river");
    if ($("layout").value === "river" && $("row").value !== "6") q.set("row", $("row").value);
    const s = q.toString();
    return s ? "?" + s : "";
  }

  let timer = 0, seq = 0;
  function update() {
    const n = $("notation").value;
    const url = base + encode(n) + query(false);
    $("url").textContent = url;
    const props = [`notation="${n.replace(/"/g, "&quot;")}"`];
    if ($("layout").value === "river") props.unshift("river");
    if ($("layout").value === "river" && $("row").value !== "6") props.push(`row={${$("row").value}}`);
    if ($("height").value && $("height").value !== "38") props.push(`height={${$("height").value}}`);
    if ($("theme").value !== "light") props.push(`theme="${$("theme").value}"`);
    $("snippet").textContent = `<Tiles ${props.join(" ")} />`;
    $("stage").classList.toggle("dark", $("theme").value === "dark");
    // The <img> asks for image/*, so a bad notation comes back as a picture of the error.
    const scale = Number($("scale").value) || 1;
    const img = $("image");
    img.src = base + encode(n) + query(true);
    img.onload = () => { img.style.width = img.naturalWidth / scale + "px"; };
    const mine = ++seq;
    fetch("/tiles.json?n=" + encodeURIComponent(n) + query(false).replace("?", "&"))
      .then((r) => r.json())
      .then((j) => {
        if (mine !== seq) return;
        const m = $("message");
        if (j.error) {
          m.className = "error";
          m.textContent = j.error.message + (j.error.position != null ? ` (at position ${j.error.position})` : "");
        } else {
          m.className = "";
          m.textContent = j.description + (j.warnings.length ? " — warning: " + j.warnings.map((w) => w.message).join("; ") : "");
          img.alt = j.description;
        }
      })
      .catch(() => {});
  }
  const later = () => { clearTimeout(timer); timer = setTimeout(update, 120); };
  for (const id of ["notation", "height", "scale", "theme", "bg", "layout", "row"]) $(id).addEventListener("input", later);
  document.querySelectorAll("button[data-copy]").forEach((b) => b.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($(b.dataset.copy).textContent); b.textContent = "Copied"; }
    catch { b.textContent = "Select it"; }
    setTimeout(() => { b.textContent = "Copy"; }, 1200);
  }));
  update();
})();

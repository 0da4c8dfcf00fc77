/** The web application's stylesheet and script, served from /assets (same origin, as the CSP asks). */

export const APP_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;background:#f5f6f8}
header.top{display:flex;align-items:center;gap:1rem;padding:.75rem 1.5rem;background:#1d2a4d;color:#fff}
header.top a{color:#fff;text-decoration:none}
header.top .brand{font-weight:700;letter-spacing:.02em;margin-right:auto}
header.top nav{display:flex;align-items:center;gap:1rem}
header.top .who{opacity:.8;font-size:.9rem}
main{max-width:34rem;margin:2.5rem auto;padding:2rem;background:#fff;border-radius:.6rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
main.wide{max-width:48rem}
h1{margin-top:0;font-size:1.5rem}
footer{text-align:center;color:#7a8194;font-size:.8rem;margin:2rem 0}
label{display:block;margin:.8rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text],select{width:100%;padding:.55rem .7rem;border:1px solid #c5cad6;border-radius:.4rem;font:inherit}
button,a.button{display:inline-block;margin-top:1rem;padding:.55rem 1.1rem;border:0;border-radius:.4rem;background:#2557d6;color:#fff;font:inherit;text-decoration:none;cursor:pointer;margin-right:.5rem}
a.secondary,button.secondary{background:#6b7280}
button.danger{background:#b42318}
button.link{background:none;padding:0;margin:0;color:#fff;text-decoration:underline}
form.inline{display:inline}
.error{padding:.7rem 1rem;border-radius:.4rem;background:#fdecea;color:#8a1c12}
.notice{padding:.7rem 1rem;border-radius:.4rem;background:#eef4ff;color:#1d3b8a}
.secret{display:flex;gap:.5rem;align-items:center}
.secret code{flex:1;padding:.6rem .7rem;background:#f0f2f6;border-radius:.4rem;font-size:1.05rem;word-break:break-all}
.secret button{margin-top:0}
.code{font-size:1.6rem;letter-spacing:.08em}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}
dt{font-weight:600}
dd{margin:0}
altcha-widget{display:block;margin-top:1rem}
.muted{color:#5b6275;font-size:.9rem}
`;

// Copy buttons: <button data-copy="#id"> copies the text of that element.
export const APP_JS = `
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.querySelector(button.getAttribute('data-copy'));
  if (!source) return;
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
    button.textContent = 'Copied';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    button.textContent = 'Selected: press Ctrl+C';
  }
});
`;

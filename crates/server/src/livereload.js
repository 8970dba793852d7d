// Live reload for `docsite serve`: reloads after a rebuild, shows a failed rebuild's error.
(function () {
  var overlay = null;
  function showError(text) {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.setAttribute('role', 'alert');
      overlay.id = '__docsite-error';
      var s = overlay.style;
      s.position = 'fixed'; s.inset = '0'; s.zIndex = '2147483647'; s.overflow = 'auto';
      s.background = 'rgba(20,20,30,0.94)'; s.color = '#ffd7d7'; s.padding = '2rem';
      s.font = '14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace'; s.whiteSpace = 'pre-wrap';
      document.body.appendChild(overlay);
    }
    overlay.textContent = 'The last rebuild failed; this page shows the last good build.\n\n' + text;
  }
  var source = new EventSource('/_site/events');
  source.addEventListener('reload', function () { location.reload(); });
  source.addEventListener('build-error', function (e) { showError(e.data); });
})();

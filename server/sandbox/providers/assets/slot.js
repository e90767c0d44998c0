// The sandbox slot: sends a spin to the provider and shows the reels, the win and the new balance.
(function () {
  'use strict';
  var machine = document.querySelector('[data-spin-url]');
  if (!machine) return;
  var GLYPHS = { SEVEN: '7', STAR: '\u2605', HEART: '\u2665', DIAMOND: '\u2666', CLUB: '\u2663', SPADE: '\u2660' };
  var texts = JSON.parse(machine.getAttribute('data-texts'));
  var button = document.getElementById('spin');
  var reels = document.getElementById('reels');
  var balance = document.getElementById('balance');
  var result = document.getElementById('result');

  function show(message, kind) {
    result.textContent = message;
    result.className = 'result' + (kind ? ' ' + kind : '');
  }

  button.addEventListener('click', function () {
    var stake = machine.querySelector('input[name="stake"]:checked').value;
    button.disabled = true;
    reels.classList.add('spinning');
    show(texts.spinning);
    fetch(machine.getAttribute('data-spin-url'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ stake: stake, game: machine.getAttribute('data-game') }),
      credentials: 'same-origin',
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            show(body.code === 'INSUFFICIENT_BALANCE' ? texts.insufficient : texts.failed, 'error');
            return;
          }
          var cells = reels.querySelectorAll('.reel');
          body.reels.forEach(function (symbol, i) {
            cells[i].textContent = GLYPHS[symbol] || symbol;
          });
          balance.textContent = body.display.balance;
          if (body.payout !== '0.00') show(texts.win.replace('{amount}', body.display.payout), 'win');
          else show(texts.lose);
        });
      })
      .catch(function () {
        show(texts.failed, 'error');
      })
      .then(function () {
        button.disabled = false;
        reels.classList.remove('spinning');
      });
  });
})();

// The sandbox bank app: reads a LaoQR (pasted, or decoded from an image with jsQR), shows payee
// and amount as the bank's server parsed them, and pays. Values from the server are only ever put
// into the page as text.
'use strict';

(function () {
  var API = '/sandbox/bank/api';
  var $ = function (id) { return document.getElementById(id); };
  var current = null; // { payload, bill } being confirmed
  var lastPayment = null;

  function api(method, path, body) {
    return fetch(API + path, {
      method: method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw new Error(data && data.message ? data.message : 'The bank answered ' + response.status);
        return data;
      });
    });
  }

  function kip(amount) {
    return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',') + ' LAK';
  }

  function show(id, visible) { $(id).hidden = !visible; }

  function setError(id, message) {
    $(id).textContent = message || '';
    show(id, Boolean(message));
  }

  function busy(button, isBusy) { button.disabled = isBusy; }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function deliveryText(delivery) {
    if (delivery.statusCode !== null) return 'Site answered HTTP ' + delivery.statusCode;
    return 'Not delivered: ' + delivery.error;
  }

  function deliveryBadge(delivery) {
    var ok = delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
    return element('span', 'badge ' + (ok ? 'ok' : 'bad'), ok ? 'received' : 'failed');
  }

  // ---- reading a QR ----

  function read() {
    var payload = $('qr-payload').value.trim();
    setError('scan-error', '');
    if (!payload) {
      setError('scan-error', 'Paste the QR code text or upload a QR image first.');
      return;
    }
    busy($('read'), true);
    api('POST', '/preview', { payload: payload })
      .then(function (result) {
        current = { payload: payload, bill: result.bill };
        showConfirm(result);
      })
      .catch(function (error) { setError('scan-error', error.message); })
      .then(function () { busy($('read'), false); });
  }

  function showConfirm(result) {
    var bill = result.bill;
    $('payee-initial').textContent = bill.merchantName.trim().charAt(0).toUpperCase();
    $('payee-name').textContent = bill.merchantName;
    $('payee-detail').textContent = (bill.merchantId ? 'MID ' + bill.merchantId + ' · ' : '') +
      bill.merchantCity + ' · account ' + bill.accountNumber + ' · bank ' + bill.bankIin;
    $('bill-number').textContent = bill.billNumber;
    $('bill-amount').textContent = kip(bill.amount);
    $('pay').textContent = 'Pay ' + kip(bill.amount);
    $('delay').value = '0';
    $('wrong-amount').value = '';
    $('twice').checked = false;
    $('notice-lost').checked = false;
    show('already-paid', result.alreadyPaid);
    setError('pay-error', '');
    show('scan', false);
    show('receipt', false);
    show('confirm', true);
    $('pay').focus();
  }

  function decodeImage(file) {
    setError('scan-error', '');
    var url = URL.createObjectURL(file);
    var image = new Image();
    image.onload = function () {
      // Large photos are scaled down: jsQR needs the code, not every pixel.
      var scale = Math.min(1, 1200 / Math.max(image.naturalWidth, image.naturalHeight));
      var canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
      var context = canvas.getContext('2d', { willReadFrequently: true });
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      var pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      var code = window.jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
      if (!code || !code.data) {
        setError('scan-error', 'No QR code was found in that image.');
        return;
      }
      $('qr-payload').value = code.data;
      read();
    };
    image.onerror = function () {
      URL.revokeObjectURL(url);
      setError('scan-error', 'That file is not an image this browser can open.');
    };
    image.src = url;
  }

  // ---- paying ----

  function pay() {
    if (!current) return;
    var body = { payload: current.payload };
    var delay = Number($('delay').value || '0');
    if (!Number.isInteger(delay) || delay < 0 || delay > 3600) {
      setError('pay-error', 'Pay late by 0 to 3600 whole seconds.');
      return;
    }
    if (delay > 0) body.delaySeconds = delay;
    var wrongAmount = $('wrong-amount').value.replace(/[\s,]/g, '');
    if (wrongAmount) {
      if (!/^[1-9][0-9]{0,12}$/.test(wrongAmount)) {
        setError('pay-error', 'A different amount must be whole kip, more than zero.');
        return;
      }
      body.amount = wrongAmount;
    }
    if ($('twice').checked) body.twice = true;
    if ($('notice-lost').checked) body.noticeLost = true;
    setError('pay-error', '');
    busy($('pay'), true);
    api('POST', '/payments', body)
      .then(function (result) {
        showReceipt(result.payment);
        refreshLists();
      })
      .catch(function (error) { setError('pay-error', error.message); })
      .then(function () { busy($('pay'), false); });
  }

  function showReceipt(payment) {
    lastPayment = payment;
    var scheduled = payment.status === 'SCHEDULED';
    $('receipt').className = 'card receipt' + (scheduled ? ' scheduled' : '');
    $('receipt-title').textContent = scheduled ? 'Payment scheduled' : 'Payment sent';
    $('receipt-amount').textContent = kip(payment.paidAmount);
    $('receipt-payee').textContent =
      'to ' + payment.payee.name + (payment.payee.merchantId ? ' (MID ' + payment.payee.merchantId + ')' : '') + (scheduled ? ' at ' + new Date(payment.payAt).toLocaleTimeString() : '') +
      (payment.paidAmount !== payment.qrAmount ? ' (the QR asked for ' + kip(payment.qrAmount) + ')' : '');
    $('receipt-transaction').textContent = payment.transactionId;
    $('receipt-bill').textContent = payment.billNumber;
    var list = $('receipt-deliveries');
    list.textContent = '';
    if (payment.deliveries.length === 0) {
      var pending = scheduled ? 'Sent when the payment is made' : 'Not sent yet';
      list.appendChild(element('li', 'muted', payment.deliveriesWanted === 0 ? 'Lost on the way: the site learns of the payment only by asking' : pending));
    }
    payment.deliveries.forEach(function (delivery) {
      var item = element('li', 'row');
      item.appendChild(element('span', '', deliveryText(delivery) + ' '));
      item.appendChild(deliveryBadge(delivery));
      list.appendChild(item);
    });
    show('redeliver', !scheduled);
    show('confirm', false);
    show('scan', false);
    show('receipt', true);
    $('receipt-title').focus();
  }

  function redeliver() {
    if (!lastPayment) return;
    busy($('redeliver'), true);
    api('POST', '/payments/' + encodeURIComponent(lastPayment.billNumber) + '/redeliver')
      .then(function (result) { showReceipt(result.payment); refreshLists(); })
      .catch(function (error) { window.alert(error.message); })
      .then(function () { busy($('redeliver'), false); });
  }

  function startOver() {
    current = null;
    $('qr-payload').value = '';
    $('qr-image').value = '';
    show('confirm', false);
    show('receipt', false);
    show('scan', true);
    $('qr-payload').focus();
  }

  // ---- lists and faults ----

  function fillList(id, items, emptyText, render) {
    var list = $(id);
    list.textContent = '';
    if (items.length === 0) list.appendChild(element('li', 'muted', emptyText));
    items.forEach(function (item) { list.appendChild(render(item)); });
  }

  function refreshLists() {
    api('GET', '/payments').then(function (result) {
      fillList('payments', result.items, 'No payments yet', function (payment) {
        var item = element('li');
        var top = element('div', 'row');
        top.appendChild(element('span', 'title', payment.payee.name + ' · ' + payment.billNumber));
        top.appendChild(element('span', 'value', kip(payment.paidAmount)));
        item.appendChild(top);
        var bottom = element('div', 'row muted');
        bottom.appendChild(element('span', '', new Date(payment.paidAt || payment.payAt).toLocaleString()));
        var last = payment.deliveries[payment.deliveries.length - 1];
        bottom.appendChild(payment.status === 'SCHEDULED' ? element('span', 'badge wait', 'scheduled') : last ? deliveryBadge(last) : element('span', 'badge wait', 'no notice'));
        item.appendChild(bottom);
        return item;
      });
    });
    api('GET', '/payouts').then(function (result) {
      fillList('payouts', result.items, 'No payouts yet', function (payout) {
        var item = element('li');
        var top = element('div', 'row');
        top.appendChild(element('span', 'title', payout.accountName + ' · ' + payout.bank.toUpperCase() + ' ' + payout.accountNumber));
        top.appendChild(element('span', 'value', kip(payout.amount)));
        item.appendChild(top);
        var bottom = element('div', 'row muted');
        bottom.appendChild(element('span', '', payout.ref));
        bottom.appendChild(element('span', 'badge ' + (payout.status === 'PAID' ? 'ok' : 'bad'), payout.status === 'PAID' ? 'paid' : 'declined'));
        item.appendChild(bottom);
        return item;
      });
    });
  }

  function loadSettings() {
    api('GET', '/settings').then(function (settings) { $('webhook-url').textContent = settings.webhookUrl; });
    api('GET', '/faults').then(function (faults) {
      ['payout', 'payment_status', 'payout_status'].forEach(function (operation) {
        $('fault-' + operation).value = faults[operation] ? faults[operation].mode : 'none';
      });
    });
  }

  function setFault(event) {
    var select = event.target;
    api('PUT', '/faults', { operation: select.getAttribute('data-operation'), mode: select.value }).catch(function (error) {
      window.alert(error.message);
      loadSettings();
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('read').addEventListener('click', read);
    $('qr-payload').addEventListener('paste', function () { setTimeout(read, 0); });
    $('qr-image').addEventListener('change', function (event) {
      if (event.target.files && event.target.files[0]) decodeImage(event.target.files[0]);
    });
    $('pay').addEventListener('click', pay);
    $('cancel').addEventListener('click', startOver);
    $('again').addEventListener('click', startOver);
    $('redeliver').addEventListener('click', redeliver);
    ['payout', 'payment_status', 'payout_status'].forEach(function (operation) {
      $('fault-' + operation).addEventListener('change', setFault);
    });
    $('receipt-title').setAttribute('tabindex', '-1');
    loadSettings();
    refreshLists();
  });
})();

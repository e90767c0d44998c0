/**
 * The sandbox bank app's page. Static HTML: everything it shows comes from the JSON API through
 * bank.js (the site's Content-Security-Policy allows no inline script).
 */
export function bankPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Bank · LaoQR</title>
<link rel="stylesheet" href="/sandbox/bank/bank.css">
<script defer src="/sandbox/bank/jsQR.js"></script>
<script defer src="/sandbox/bank/bank.js"></script>
</head>
<body>
<header class="top">
  <div class="brand">
    <span class="logo" aria-hidden="true">SB</span>
    <div>
      <h1>Sandbox Bank</h1>
      <p class="tagline">LaoQR test bank · no real money</p>
    </div>
  </div>
  <div class="account-card">
    <p class="account-label">Savings account</p>
    <p class="account-number">0201 0000 0042 1188</p>
    <p class="account-holder">TEST PAYER</p>
    <span class="network">LAPNet</span>
  </div>
</header>

<main>
  <section class="card" id="scan" aria-labelledby="scan-title">
    <h2 id="scan-title">Scan &amp; pay</h2>
    <label class="upload" for="qr-image">
      <span class="upload-icon" aria-hidden="true"></span>
      <span>Upload a QR image</span>
    </label>
    <input id="qr-image" type="file" accept="image/*" class="visually-hidden">
    <p class="or">or paste the QR code text</p>
    <label for="qr-payload" class="visually-hidden">QR code text</label>
    <textarea id="qr-payload" rows="3" spellcheck="false" autocomplete="off" placeholder="000201010212…"></textarea>
    <button type="button" id="read" class="secondary">Read QR</button>
    <p id="scan-error" class="error" role="alert" hidden></p>
  </section>

  <section class="card" id="confirm" aria-labelledby="confirm-title" hidden>
    <h2 id="confirm-title">Confirm payment</h2>
    <div class="payee">
      <span class="avatar" id="payee-initial" aria-hidden="true"></span>
      <div>
        <p class="muted">Pay to</p>
        <p class="payee-name" id="payee-name" data-testid="payee-name"></p>
        <p class="muted" id="payee-detail"></p>
      </div>
    </div>
    <dl class="facts">
      <div><dt>Bill number</dt><dd id="bill-number" data-testid="bill-number"></dd></div>
      <div><dt>Amount</dt><dd class="amount" id="bill-amount" data-testid="bill-amount"></dd></div>
    </dl>
    <p id="already-paid" class="warning" hidden>This bill is paid already.</p>
    <details class="tester">
      <summary>Tester options</summary>
      <label>Pay late by (seconds)<input id="delay" type="number" min="0" max="3600" value="0" inputmode="numeric"></label>
      <label>Pay a different amount (LAK)<input id="wrong-amount" type="text" inputmode="numeric" placeholder="the QR's amount"></label>
      <label class="check"><input id="twice" type="checkbox"> Send the payment notice twice</label>
    </details>
    <button type="button" id="pay" class="primary">Pay</button>
    <button type="button" id="cancel" class="link">Cancel</button>
    <p id="pay-error" class="error" role="alert" hidden></p>
  </section>

  <section class="card receipt" id="receipt" aria-labelledby="receipt-title" hidden>
    <span class="tick" aria-hidden="true"></span>
    <h2 id="receipt-title" data-testid="receipt-title"></h2>
    <p class="amount" id="receipt-amount"></p>
    <p class="muted" id="receipt-payee"></p>
    <dl class="facts">
      <div><dt>Transaction</dt><dd id="receipt-transaction"></dd></div>
      <div><dt>Bill number</dt><dd id="receipt-bill"></dd></div>
    </dl>
    <h3>Notice to the site</h3>
    <ul class="deliveries" id="receipt-deliveries" data-testid="deliveries"></ul>
    <button type="button" id="redeliver" class="secondary">Send the notice again</button>
    <button type="button" id="again" class="primary">New payment</button>
  </section>

  <section class="card" aria-labelledby="history-title">
    <h2 id="history-title">Recent payments</h2>
    <ul class="list" id="payments"><li class="muted">No payments yet</li></ul>
  </section>

  <section class="card" aria-labelledby="payouts-title">
    <h2 id="payouts-title">Payouts sent by the gateway</h2>
    <ul class="list" id="payouts"><li class="muted">No payouts yet</li></ul>
  </section>

  <section class="card" aria-labelledby="faults-title">
    <h2 id="faults-title">Gateway faults</h2>
    <p class="muted">How the gateway answers the site's calls.</p>
    <label>Payouts
      <select id="fault-payout" data-operation="payout">
        <option value="none">Pay at once</option>
        <option value="decline">Decline</option>
        <option value="error">Answer with an error</option>
        <option value="timeout">Pay, then answer too late</option>
      </select>
    </label>
    <label>Payment status
      <select id="fault-payment_status" data-operation="payment_status">
        <option value="none">Answer</option>
        <option value="error">Answer with an error</option>
        <option value="timeout">Answer too late</option>
      </select>
    </label>
    <label>Payout status
      <select id="fault-payout_status" data-operation="payout_status">
        <option value="none">Answer</option>
        <option value="error">Answer with an error</option>
        <option value="timeout">Answer too late</option>
      </select>
    </label>
  </section>

  <p class="footnote">Payment notices go to <span id="webhook-url">the site this page was opened on</span>.</p>
</main>
</body>
</html>
`;
}

"use strict";
// The external program: summarizes orders and reports to Dagster.

const { withDagsterPipes } = require("./pipes_protocol");

function loadOrders(count) {
  // Stand-in for a query: amounts between 5 and 250.
  return Array.from({ length: count }, (_, i) => 5 + ((i * 37) % 246));
}

withDagsterPipes(async (pipes) => {
  const orderCount = pipes.getExtra("order_count");
  pipes.log(`Summarizing ${orderCount} orders in Node.js ${process.version}`);

  const orders = loadOrders(orderCount);
  const total = orders.reduce((sum, amount) => sum + amount, 0);
  const negative = orders.filter((amount) => amount < 0).length;

  pipes.reportAssetCheck("no_negative_amounts", negative === 0, {
    metadata: { negative_count: negative },
  });
  pipes.reportAssetMaterialization(
    {
      order_count: orders.length,
      // JSON has one number type: let Dagster infer int or float.
      total_amount: total,
      runtime: `node ${process.version}`,
      // An explicit type, for values that inference would read as plain text.
      report: { raw_value: "https://example.com/reports/orders", type: "url" },
    },
    { dataVersion: `${orders.length}-${total}` }
  );
}).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

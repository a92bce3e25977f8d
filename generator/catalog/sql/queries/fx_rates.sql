-- The reference rates the FX surface needs: GBP and the five targets, 2020 on, newest first.
SELECT source_id, date, currency, per_eur
FROM fx_rates
WHERE currency IN ('GBP', 'USD', 'EUR', 'JPY', 'HKD', 'CHF') AND date >= DATE '2020-01-01'
ORDER BY date DESC, currency;

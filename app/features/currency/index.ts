/** The currency feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { fromUsdSql, toUsdSql } from "./convert-sql";
export { baseCurrencyFor, countryOptions, isCountryCode } from "./countries";
export { currencyCodeFor, displayCurrency, viewerCountry } from "./currency";

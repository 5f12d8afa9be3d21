// The tables of unmet demand, counted per area and day.
// Decision 040: only this storey's SQL names these tables; other domains ask it through its index.ts.
export const ownTables = ['demand_areas', 'demand_days', 'demand_day_keys', 'demand_search_marks'] as const;

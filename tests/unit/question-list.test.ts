import { describe, expect, it } from 'vitest';
import { pageCount, parseQuestionCounts, questionListUrl, questionPageHeaders } from '#lib/questions/list.ts';

const counts = { pending: 3, contacted: 1, completed: 9 };

describe("the admin's question list, a page at a time", () => {
  it('reads back the counts it writes into X-Question-Counts', () => {
    const header = questionPageHeaders({ page: 1 }, { total: 13, counts })['x-question-counts']!;
    expect(header).toBe('pending=3, contacted=1, completed=9');
    expect(parseQuestionCounts(header)).toEqual(counts);
  });

  it('counts 0 for a status the header does not name or names with no number, and ignores unknown names', () => {
    expect(parseQuestionCounts(null)).toEqual({ pending: 0, contacted: 0, completed: 0 });
    expect(parseQuestionCounts('completed=4,pending=x, archived=7')).toEqual({ pending: 0, contacted: 0, completed: 4 });
  });

  it('leaves the defaults out of the URL: every status, page 1', () => {
    expect(questionListUrl({ page: 1 })).toBe('/api/admin/club-questions');
    expect(questionListUrl({ status: 'contacted', page: 1 })).toBe('/api/admin/club-questions?status=contacted');
    expect(questionListUrl({ status: 'pending', page: 3 })).toBe('/api/admin/club-questions?status=pending&page=3');
  });

  it('counts at least one page, and no page past the last one the API serves', () => {
    expect([0, 1, 20, 21, 40, 41].map(pageCount)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(pageCount(30_000)).toBe(1000);
    const lastServed = questionPageHeaders({ page: 1000 }, { total: 30_000, counts });
    expect(lastServed.link).toBe('</api/admin/club-questions?page=999>; rel="prev"');
  });
});

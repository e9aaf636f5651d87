import { describe, expect, it } from 'vitest';
import { extractBudget, extractBudgetFromMessage } from '../../../src/modules/agent/intake/extract-budget.ts';

describe('budget extraction', () => {
  it.each([
    ['My budget is $500.', '$500', 500, 'USD'],
    ['I can pay 500 USD for this', '500 USD', 500, 'USD'],
    ['around €2k', '€2k', 2000, 'EUR'],
    ['we have a budget of 1,500', 'budget of 1,500', 1500, null],
    ['£750 max', '£750', 750, 'GBP'],
    ['about 300 dollars', '300 dollars', 300, 'USD'],
    ['$1.5k would be ideal', '$1.5k', 1500, 'USD'],
    ['we have 2k for this', '2k', 2000, null],
  ])('reads %j as %s', (message, text, amount, currency) => {
    expect(extractBudgetFromMessage(message)).toEqual({ text, amount, currency, hourly: false });
  });

  it('reads a range and keeps its upper amount', () => {
    expect(extractBudgetFromMessage('between $1,000 - $2,000')).toMatchObject({ text: '$1,000 - $2,000', amount: 2000, currency: 'USD' });
    expect(extractBudgetFromMessage('$500 to 800')).toMatchObject({ amount: 800 });
  });

  it('flags an hourly rate as a rate, not a total', () => {
    expect(extractBudgetFromMessage('I usually pay $50/hour')).toMatchObject({ amount: 50, hourly: true });
  });

  it('does not read a status code or a count as money', () => {
    expect(extractBudgetFromMessage('My Next.js app returns 500 on every API route')).toBeNull();
    expect(extractBudgetFromMessage('we have 300 users and 12 pages')).toBeNull();
    expect(extractBudgetFromMessage('I can spend 10 hours a week on testing')).toBeNull();
    expect(extractBudgetFromMessage('We have 2k users and it crashes')).toBeNull();
  });

  it('records an open budget without an amount', () => {
    expect(extractBudgetFromMessage("I'm not sure about the budget yet")).toEqual({
      text: 'not sure about the budget',
      amount: null,
      currency: null,
      hourly: false,
    });
  });

  it('takes the budget of the latest message that states one', () => {
    expect(extractBudget(['budget $500', 'it is a React app', 'actually make it $800'])?.amount).toBe(800);
    expect(extractBudget(['hello', 'no idea'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { decideRolesLoadFailure } from './decideRolesLoadFailure';

describe('decideRolesLoadFailure', () => {
  it('should log out and go to /login on HTTP 400', () => {
    expect(decideRolesLoadFailure({ status: 400, isObserver: false })).toEqual({
      type: 'logout',
      to: '/login',
    });
  });

  it('should abort the navigation on any other failure', () => {
    expect(decideRolesLoadFailure({ status: 500, isObserver: false })).toEqual({ type: 'abort' });
    expect(decideRolesLoadFailure({ status: 401, isObserver: false })).toEqual({ type: 'abort' });
    expect(decideRolesLoadFailure({ isObserver: false })).toEqual({ type: 'abort' });
  });

  it('should clear the observer token and go home on any failure in observer mode', () => {
    expect(decideRolesLoadFailure({ status: 400, isObserver: true })).toEqual({
      type: 'clear-observer-and-home',
      to: '/',
    });
    expect(decideRolesLoadFailure({ status: 503, isObserver: true })).toEqual({
      type: 'clear-observer-and-home',
      to: '/',
    });
  });
});

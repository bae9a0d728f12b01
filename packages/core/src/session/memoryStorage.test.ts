import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memoryStorage';

describe('MemoryStorage', () => {
  it('should behave like Web Storage', () => {
    const storage = new MemoryStorage();
    expect(storage.getItem('a')).toBeNull();
    storage.setItem('a', '1');
    storage.setItem('b', 2 as unknown as string);
    expect(storage.getItem('b')).toBe('2');
    expect(storage.length).toBe(2);
    expect(storage.key(0)).toBe('a');
    expect(storage.key(5)).toBeNull();
    storage.removeItem('a');
    storage.removeItem('missing');
    expect(storage.length).toBe(1);
    storage.clear();
    expect(storage.length).toBe(0);
  });
});

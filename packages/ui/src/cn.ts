import { clsx, type ClassValue } from 'clsx';

/** Joins class names; falsy values are dropped (clsx). */
export function cn(...classes: ClassValue[]): string {
  return clsx(...classes);
}

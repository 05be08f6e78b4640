import {
  PASSWORD_MIN_LENGTH,
  type RequiredField,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
  validateRequired,
  validateTelephone,
} from '@marketlens/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Ant Design form rules over the validators of docs/product.md §5 of @marketlens/shared — the server runs the
 * same functions, so a form never accepts what the API would refuse, in the same words.
 */
export function passwordRule(t: TFunction): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      const key = validatePassword(value ?? '');
      if (key) throw new Error(t(key, { min: PASSWORD_MIN_LENGTH }));
    },
  };
}

export function repeatRule(t: TFunction, field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      const key = validatePasswordRepeat(String(getFieldValue(field) ?? ''), value ?? '');
      if (key) throw new Error(t(key));
    },
  });
}

export function emailRule(t: TFunction): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      const key = validateEmail(value ?? '');
      if (key) throw new Error(t(key));
    },
  };
}

export function requiredRule(t: TFunction, field: RequiredField): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      const key = validateRequired(field, value ?? '');
      if (key) throw new Error(t(key));
    },
  };
}

export function telephoneRule(t: TFunction): FormRule {
  return {
    validator: async (_, value: string | undefined) => {
      const key = validateTelephone(value ?? '');
      if (key) throw new Error(t(key));
    },
  };
}

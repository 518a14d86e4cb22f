import type { SignupInput } from "../../api/types.ts";
import { phoneDigits } from "../../lib/phone.ts";
import { collect, email, type Issues, length, required } from "../../lib/validation.ts";

export type SignupField = "name" | "email" | "phone" | "password" | "planId";

export interface SignupValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string | null;
}

export const emptySignup: SignupValues = {
  name: "",
  email: "",
  phone: "",
  password: "",
  planId: null,
};

/** Company name 2..50, email valid, phone (optional) 10..11 digits, password 5..50, a plan. */
export function validateSignup(values: SignupValues): Issues<SignupField> {
  const digits = phoneDigits(values.phone);
  return collect<SignupField>({
    name: length(values.name, 2, 50),
    email: email(values.email),
    phone: digits && digits.length < 10 ? { key: "validation.invalidPhone" } : null,
    password: length(values.password, 5, 50),
    planId: required(values.planId),
  });
}

export function toSignupInput(values: SignupValues): SignupInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: phoneDigits(values.phone),
    password: values.password,
    planId: Number(values.planId),
  };
}

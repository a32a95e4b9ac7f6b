// The limits alone, without zod: a screen sets an input's maxLength from them and never downloads the schemas.

/** The longest value each free-text field takes, in UTF-16 code units (what `String.length` and `maxLength` count). */
export const NAME_MAX_LENGTH = 100;
/** RFC 5321: a forward path holds at most 254 characters of address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; bounds the deliberately slow hash a single request can ask for. */
export const PASSWORD_MAX_LENGTH = 128;
/** A meal's default name joins two food names ('X & Y'), so it may be longer than one name. */
export const MEAL_NAME_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;
export const FOOD_NAME_MAX_LENGTH = NAME_MAX_LENGTH;
export const FOOD_DESCRIPTION_MAX_LENGTH = 500;
/** A serving's text, e.g. '1 cup, chopped (160 g)'. */
export const SERVING_SIZE_MAX_LENGTH = 100;
/** The longest IANA zone name is 32 characters. */
export const TIME_ZONE_MAX_LENGTH = 64;
/** A reset token is 43 characters of base64url; anything much longer is not one of ours. */
export const RESET_TOKEN_MAX_LENGTH = 256;
export const URL_MAX_LENGTH = 2048;
/** DNS: a host name is at most 253 characters. */
export const HOST_MAX_LENGTH = 253;

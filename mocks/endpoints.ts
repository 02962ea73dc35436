// MSW matches these on any origin, so the same handlers serve mock mode and every test.
export const LEADS_FUNCTION = '*/functions/v1/leads'
export const PLACES_FUNCTION = '*/functions/v1/places'
export const REGISTER_FUNCTION = '*/functions/v1/enterprise-register'
export const REVIEW_CHECK_FUNCTION = '*/functions/v1/review-check'
export const AI_REPLY_FUNCTION = '*/functions/v1/ai-reply'
export const ENTERPRISE_CONFIRM_FUNCTION = '*/functions/v1/enterprise-confirm'
export const AD_VISITS_FUNCTION = '*/functions/v1/ad-visits'

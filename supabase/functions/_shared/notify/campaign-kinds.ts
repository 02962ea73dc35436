import type { CampaignReport } from '../alerts/campaign-figures.ts'
import { weeklyCampaignsMessage } from '../alerts/weekly-campaigns.ts'
import type { Renderer } from './notification.ts'

/** 'weekly-campaigns': last week's funnel per ad platform and keyword, and the conversions (pg-campaign-report.ts). */
const weeklyCampaigns: Renderer = (payload) => weeklyCampaignsMessage(payload as unknown as CampaignReport)

export const campaignRenderers = { 'weekly-campaigns': weeklyCampaigns }

import * as v from 'valibot'
import { checked } from './checked'
import { site } from '@/site'

// Copy of the home page sections. Marketing figures are those of SPEC §1; the mock-up texts
// (a sample dental practice) only illustrate the product.
const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const texts = (min: number, max: number) => v.pipe(v.array(text), v.minLength(min), v.maxLength(max))
const Feature = v.object({ title: text, text })
const features = v.pipe(v.array(Feature), v.minLength(2), v.maxLength(4))
const Intro = v.object({ eyebrow: text, title: text, lead: text })
const Stat = v.object({ value: text, label: text })
const brand = site.brand

export type Feature = v.InferOutput<typeof Feature>

export const leadContent = checked(
  import.meta.env.SSR &&
    v.object({
      ratingBadge: text,
      headline: v.object({ before: text, highlight: text, after: text }),
      subheading: text,
      painsTitle: text,
      pains: texts(3, 5),
      trust: v.object({ prefix: text, value: text, label: text }),
      formTitle: text,
      formText: text,
      nextStepsTitle: text,
      nextSteps: texts(2, 4),
      heroAlt: text,
    }),
  {
    ratingBadge: '4.8+ stars · 200+ reviews',
    headline: { before: 'Become the', highlight: 'highest-rated', after: 'business in your area' },
    subheading: `${brand} turns happy customers into 5-star Google reviews with automated SMS requests, AI replies and social posts for every location.`,
    painsTitle: 'Sound familiar?',
    pains: [
      'Competitors with more reviews are winning your calls',
      'Happy customers leave without writing a review',
      'Reviews sit unanswered for weeks',
      'Social posts never happen for every location',
    ],
    trust: { prefix: 'Trusted by', value: '500+ services', label: 'from dental clinics to car dealerships' },
    formTitle: 'Get your free review strategy',
    formText: 'See how many more 5-star reviews your business could be getting. No obligation.',
    nextStepsTitle: 'What happens next',
    nextSteps: [
      'We look at your current ratings and reviews',
      'A specialist calls you for a free strategy session',
      'Your review campaigns go live',
    ],
    heroAlt:
      'A phone showing an SMS review request from a dental practice, next to a 4.9-star Google rating card and a new 5-star review with an AI reply drafted',
  },
)

export const logoStripContent = checked(import.meta.env.SSR && v.object({ title: text, lead: text }), {
  title: 'Trusted by 200+ Integrated Apps',
  lead: 'Connects with the booking, point-of-sale and accounting tools you already use.',
})

export const reviewsContent = checked(
  import.meta.env.SSR &&
    v.object({
      intro: Intro,
      features,
      mock: v.object({
        description: text,
        review: v.object({ author: text, initials: text, source: text, text }),
        reply: v.object({ label: text, status: text, text, edit: text, approve: text }),
        widget: v.object({ label: text, rating: text, count: text }),
      }),
    }),
  {
    intro: {
      eyebrow: 'Reviews',
      title: 'More 5-star reviews, without chasing customers',
      lead: 'After every visit we text your customer a friendly request with a one-tap review link. New reviews land in one inbox, and AI drafts an on-brand reply for you to approve.',
    },
    features: [
      { title: 'SMS review requests', text: 'Personal texts sent automatically after each appointment, sale or job.' },
      { title: 'AI replies you approve', text: 'Drafted in your tone of voice. Nothing is posted until you approve it.' },
      { title: 'Every platform, one inbox', text: 'Google, Facebook and more, gathered for every location.' },
      { title: 'Website review widgets', text: 'Show your best reviews on your own site, always up to date.' },
    ],
    mock: {
      description: 'Example: a new 5-star Google review from Emma, with an AI-drafted reply waiting for approval',
      review: {
        author: 'Emma R.',
        initials: 'ER',
        source: 'Google · 2 hours ago',
        text: 'Dr. Patel and the team were wonderful with my daughter. Booking was easy and we were seen right on time!',
      },
      reply: {
        label: 'AI-drafted reply',
        status: 'Awaiting approval',
        text: 'Thank you so much, Emma! We are thrilled your daughter felt at ease with Dr. Patel. See you both at the next check-up!',
        edit: 'Edit',
        approve: 'Approve & post',
      },
      widget: { label: 'Website widget', rating: '4.9', count: '214 Google reviews' },
    },
  },
)

export const socialContent = checked(
  import.meta.env.SSR &&
    v.object({
      intro: Intro,
      features,
      mock: v.object({
        description: text,
        title: text,
        status: text,
        locationsLabel: text,
        locations: texts(2, 4),
        channels: texts(2, 3),
        post: text,
        quote: text,
        quoteAuthor: text,
        schedule: text,
        button: text,
        toast: text,
      }),
    }),
  {
    intro: {
      eyebrow: 'Social Management',
      title: 'Post once. Publish to every location.',
      lead: 'Plan a month of posts in one sitting. Share your latest 5-star reviews, offers and news on Google Business and Facebook for all your locations, right on schedule.',
    },
    features: [
      { title: 'Multi-location publishing', text: 'One post, tailored and scheduled for every branch.' },
      { title: 'Reviews become posts', text: 'Turn a glowing review into a branded graphic in one click.' },
      { title: 'A calendar that fills itself', text: 'Ready-made ideas for every week, approved by you.' },
    ],
    mock: {
      description: 'Example: a post composer publishing a 5-star review graphic to three locations on Google, Facebook and Instagram',
      title: 'New post',
      status: 'Draft saved',
      locationsLabel: 'Publish to',
      locations: ['Downtown', 'Northside', 'Lakeview'],
      channels: ['Google', 'Facebook', 'Instagram'],
      post: 'We just passed 200 five-star reviews across our three clinics. Thank you for trusting us with your smiles!',
      quote: '“Friendly team and no wait. I’ll definitely be back!”',
      quoteAuthor: 'Sarah M.',
      schedule: 'Tue, 9:00 AM',
      button: 'Schedule for 3 locations',
      toast: 'Posted to 3 locations',
    },
  },
)

const round1 = (values: readonly number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10

export const reportsContent = checked(
  import.meta.env.SSR &&
    v.object({
      intro: Intro,
      features,
      stats: v.pipe(v.array(Stat), v.length(4)),
      dashboard: v.object({ title: text, period: text, caption: text }),
      chart: v.pipe(
        v.object({
          months: texts(6, 6),
          sms: v.array(v.number()),
          conversions: v.array(v.number()),
          smsLabel: text,
          conversionsLabel: text,
        }),
        // The monthly series add up to the headline figures (thousands): 10.2K SMS, 5.1K conversions.
        v.check((c) => round1(c.sms) === 10.2 && round1(c.conversions) === 5.1, 'chart series must sum to 10.2K and 5.1K'),
      ),
    }),
  {
    intro: {
      eyebrow: 'Insights',
      title: 'Reports & Insights',
      lead: 'See every request sent, every customer who clicked through and every star your rating gained, per location and per campaign, in one clear dashboard.',
    },
    features: [
      { title: 'Monthly report in your inbox', text: 'The numbers that matter, explained in plain English.' },
      { title: 'Compare locations', text: 'Spot your best branch and help the rest catch up.' },
      { title: 'Track your rating', text: 'Watch reviews and stars grow month after month.' },
    ],
    stats: [
      { value: '10.2K', label: 'SMS sent' },
      { value: '5.1K', label: 'Conversions' },
      { value: '50%', label: 'Conversion rate' },
      { value: '4.8', label: 'Average rating' },
    ],
    dashboard: {
      title: 'Performance report',
      period: 'Last 6 months · All locations',
      caption: 'Sample figures from a client report.',
    },
    chart: {
      months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'],
      sms: [1.2, 1.4, 1.6, 1.8, 2.0, 2.2],
      conversions: [0.58, 0.69, 0.8, 0.9, 1.0, 1.13],
      smsLabel: 'SMS sent',
      conversionsLabel: 'Conversions',
    },
  },
)

export const industriesContent = checked(
  import.meta.env.SSR && v.object({ intro: Intro, cta: v.object({ title: text, text, button: text }) }),
  {
    intro: {
      eyebrow: 'Industries',
      title: 'Solutions for every industry',
      lead: `Whatever you sell and wherever you are, 200+ businesses rely on ${brand} to win more reviews and more customers.`,
    },
    cta: {
      title: 'Ready for more 5-star reviews?',
      text: 'Book a free strategy call and see how many more reviews your business could be getting every month.',
      button: 'Get Started Today',
    },
  },
)

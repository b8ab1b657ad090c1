import { FREE_HISTORY_DAYS, RETENTION } from '@polymath/shared';
import type { PolicySet } from './policy-types.ts';

export const policies: PolicySet = {
  terms: {
    title: 'Terms and Conditions',
    updated: '2026-11-22',
    intro:
      'These terms are the agreement between you and Polymath for using the Polymath web app, including AI chat, the creative tools and the Pro subscription. Please read them together with our Refund Policy and Privacy Policy. By creating an account or using Polymath, you agree to these terms.',
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          'Polymath is a web app that lets you chat with AI models from several providers, including OpenAI, Anthropic, Google, DeepSeek and xAI, and use creative tools built on them: image generation with a personal gallery, photo translate (more than 40 languages), a tattoo generator, a logo maker, horoscopes, web search, people-research prompts, asking questions about a PDF and, for Pro users, chatting with Polymath from WhatsApp.',
          'In these terms, "Polymath", "we" and "us" mean the operator of the Polymath service, and "you" means the person using it. If you have questions at any time, contact us at support@polymath.example.',
        ],
      },
      {
        heading: 'Who can use Polymath and your account',
        paragraphs: [
          'You must be at least 16 years old to use Polymath. If you are under the age of majority where you live, a parent or guardian must agree to these terms for you.',
          'You can sign up with an email address and password, or with Google or Apple. If you use an email address and password, you must verify your email address before you can use your account. At least one verified login method must stay connected to your account.',
          "Keep your login details secure and don't share your account with others. You are responsible for what happens under your account, unless it results from our failure. If you think someone else has accessed your account, tell us straight away at support@polymath.example.",
          'You can delete your account at any time in Settings. If you have an active Pro subscription, you must cancel it first. Deleting your account is permanent: your chats, files and generated images are deleted as described in our Privacy Policy, and any remaining Pro time ends without a refund, except as our Refund Policy provides.',
        ],
      },
      {
        heading: 'Free and Pro plans',
        paragraphs: [
          'Free: a limited number of messages per day, using free models only. The daily allowance is shown in the app and resets every day at midnight UTC (03:00 in Turkey). On the Free plan you can see your most recent 30 days of chat history; older chats are kept and become visible again when you upgrade to Pro.',
          'Pro: all models, unlimited messages subject to a fair-use rate limit, your full chat history, advanced tools such as the image generator and ask PDF, and chat inside WhatsApp.',
          '"Unlimited" means there is no fixed daily message cap. To keep Polymath fast and fair for everyone, we apply rate limits and may temporarily slow down or pause use that is far above normal personal use or looks automated.',
          'We may change what the Free plan includes, such as the daily message allowance or which models are free. We will not remove the main Pro features described above from a Pro subscription during a billing period you have already paid for.',
        ],
      },
      {
        heading: 'Subscriptions, billing and cancellation',
        paragraphs: [
          'Pro is available with weekly, monthly, 3-month and yearly billing periods. The price, currency, subtotal, tax and total are shown at checkout before you pay. Payments are processed by Stripe; we never see or store your full card number.',
          'Your subscription renews automatically at the end of each billing period, and you are charged for the next period of the same length, until you cancel.',
          "You can cancel at any time in Settings → My Plan or in the Stripe customer portal. Cancellation takes effect at the end of the current billing period: you keep Pro until then and you will not be charged again. We don't refund unused time in a period, except as set out in our Refund Policy or where the law requires it.",
          "If we change the price of Pro, we will tell you by email or in the app at least 30 days before the new price applies to your next renewal, so you can cancel if you don't want to continue. Taxes such as VAT are charged as required by law and shown at checkout. If a renewal payment fails, your account may return to the Free plan until a payment succeeds.",
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'You agree not to use Polymath to:',
          '- break the law, or create, upload or share illegal content, including child sexual abuse material, which we report to the authorities;',
          '- harass, threaten, defame, impersonate or deceive people, or generate content that promotes violence, self-harm or hatred against people;',
          "- infringe other people's rights, for example by copying someone else's trademark in a logo, using photos you have no right to use, or creating images of real people without their consent;",
          '- create malware, spam or phishing, or any other content meant to cause harm;',
          "- get around plan limits, rate limits or safety filters, share or resell accounts, or access Polymath through scraping or other automated means we don't offer;",
          '- interfere with or overload the service, test it for vulnerabilities without our permission, or reverse engineer it except where the law allows.',
          "People-research prompts must be used lawfully and for a legitimate purpose. Respect privacy and data protection laws, and never use Polymath to stalk, harass, discriminate against or secretly profile anyone. You must also follow the usage policies of the AI providers whose models you use and, when you use WhatsApp, WhatsApp's own terms.",
        ],
      },
      {
        heading: 'AI-generated output',
        paragraphs: [
          'Answers, images and other output are produced automatically by AI models. They can be inaccurate, incomplete, out of date or offensive, and they may state wrong things with confidence. Check important information before you rely on it.',
          'Polymath does not give professional advice. Output about health, law, finance or other important matters is not a substitute for advice from a qualified professional. Horoscopes are for entertainment only.',
          "Web search answers draw on third-party websites that we don't control, and we are not responsible for their content.",
        ],
      },
      {
        heading: 'Your content and what you create',
        paragraphs: [
          'You keep ownership of what you put into Polymath, such as your prompts, messages, photos and PDFs ("your content"). You give us a non-exclusive, worldwide, royalty-free licence to store, copy, process and transmit your content, including sending it to the AI provider you choose, only as needed to provide, secure and support Polymath for you. This licence ends when your content is deleted, apart from copies we must keep by law or that remain in backups for a limited time. You must have the rights to everything you upload, including photos of other people.',
          "As between you and us, the output you create with Polymath, including answers, images, logos and tattoo designs, belongs to you to the extent the law and the AI providers' terms allow. We don't claim ownership of it.",
          "AI output may not be protected by copyright in some countries, and similar output may be generated for other users, so we can't promise that it is unique. Before using a logo commercially, check that it doesn't conflict with existing trademarks. Tattoo designs are concepts: discuss them with a professional tattoo artist before getting a tattoo.",
          "Polymath itself, including its software, design and brand, belongs to us and our licensors. These terms don't give you any rights in it other than the right to use the service.",
        ],
      },
      {
        heading: 'Availability and third-party services',
        paragraphs: [
          "We work to keep Polymath available, but we can't promise it will always be uninterrupted or error-free. We may carry out maintenance and add, change or remove features and models. If a change significantly reduces what you paid for as a Pro subscriber, we will tell you in advance and you may cancel; our Refund Policy explains when a refund applies.",
          "Polymath relies on third parties, including the AI model providers, Stripe for payments, Google and Apple for sign-in, Meta's WhatsApp Cloud API and a web search provider. Their services are governed by their own terms, and providers may change or retire models, so the list of available models may change over time.",
        ],
      },
      {
        heading: 'Suspension and termination',
        paragraphs: [
          'We may suspend or close your account if you seriously or repeatedly break these terms, if the law requires it, or if it is necessary to protect other users or the service. Where reasonable, we will tell you why and give you a chance to respond.',
          'If we close your account for reasons that are not your fault, we will refund the unused part of any prepaid Pro period.',
          'You can stop using Polymath and delete your account at any time, as described above.',
        ],
      },
      {
        heading: 'Limitation of liability',
        paragraphs: [
          'Polymath is provided "as is" and "as available". To the extent the law allows, we exclude implied warranties, such as fitness for a particular purpose.',
          'To the extent the law allows, we are not liable for indirect or consequential loss, loss of profits, data or goodwill, or for decisions you make based on AI output. Our total liability to you for any claim relating to Polymath is limited to the amount you paid us in the 12 months before the claim arose.',
          'Nothing in these terms limits liability that cannot be limited by law, such as liability for intent or gross negligence, or for death or personal injury caused by negligence, and nothing affects your mandatory rights as a consumer.',
        ],
      },
      {
        heading: 'Governing law and disputes',
        paragraphs: [
          'These terms are governed by the laws of the Republic of Turkey, and the courts and enforcement offices of Istanbul have jurisdiction over disputes.',
          'This does not take away the mandatory consumer protections of the country where you live. Consumers in Turkey may apply to consumer arbitration committees or consumer courts within the limits set by law, and consumers in the EU or the UK may also bring claims in the courts where they live.',
          'Before starting formal proceedings, please contact us at support@polymath.example so we can try to resolve the issue.',
        ],
      },
      {
        heading: 'Changes to these terms and contact',
        paragraphs: [
          "We may update these terms from time to time. For material changes, we will notify you by email or in the app at least 30 days before they take effect, unless a faster change is required by law or for security reasons. If you keep using Polymath after the changes take effect, the updated terms apply; if you don't agree, you can cancel your subscription and delete your account.",
          'Questions about these terms: support@polymath.example.',
        ],
      },
    ],
  },
  refund: {
    title: 'Refund Policy',
    updated: '2026-11-22',
    intro:
      'This policy explains how cancellations and refunds work for Polymath Pro subscriptions. The Free plan costs nothing, so there is nothing to refund. This policy is part of our Terms and Conditions and does not limit any rights you have under mandatory consumer law.',
    sections: [
      {
        heading: 'Summary',
        paragraphs: [
          "- You can cancel at any time. Pro continues until the end of the period you paid for, and you won't be charged again.",
          '- The first payment of a new subscription is refunded in full if you ask within 14 days and have barely used Pro.',
          '- Renewals are not refunded, except for billing errors, duplicate charges, outages on our side that prevented you from using Pro, or where the law requires a refund.',
          '- Approved refunds go back to your original payment method, usually within 5–10 business days.',
        ],
      },
      {
        heading: 'Cancelling your subscription',
        paragraphs: [
          'Pro subscriptions (weekly, monthly, 3-month or yearly) renew automatically at the end of each billing period until you cancel.',
          'You can cancel at any time in Settings → My Plan or in the Stripe customer portal. Cancellation takes effect at the end of the current billing period: you keep Pro access until then and no further charges are made. After that, your account moves to the Free plan, and chats older than 30 days are hidden, not deleted, until you upgrade again.',
          'Cancelling stops future renewals but does not by itself refund the current period. To ask for a refund, follow the steps in "How to request a refund" below.',
          'Deleting your account is not the same as cancelling. If you have an active Pro subscription, you need to cancel it before you can delete your account.',
        ],
      },
      {
        heading: '14-day refund for new subscriptions',
        paragraphs: [
          'If you start a new Pro subscription and change your mind, we will refund the first payment in full if you ask within 14 days of the charge and, during that time, you sent fewer than 20 messages while on Pro and did not generate any images.',
          'This applies to the first payment of a new subscription, once per person. It does not apply to renewals or to subscribing again after a previous refund.',
          'When we make this refund, the subscription is cancelled and your account returns to the Free plan straight away.',
          'If you used Pro more than this, you can still contact us. We will look at your request fairly, for example if a Pro feature did not work as described.',
        ],
      },
      {
        heading: 'Renewals',
        paragraphs: [
          'Automatic renewal payments are not refunded, including when you forgot to cancel, because you can cancel at any time before the renewal date and keep Pro until the end of the period.',
          "We also don't give partial refunds for unused days in a billing period or when you switch to a different billing period.",
          'The exceptions are the cases described in "Billing errors, duplicate charges and outages" below, and any case where the law requires a refund.',
        ],
      },
      {
        heading: 'Billing errors, duplicate charges and outages',
        paragraphs: [
          'We refund the affected amount in full if:',
          '- you were charged twice for the same period, or charged after you had cancelled;',
          '- you were charged the wrong amount, or for a plan or billing period you did not choose;',
          '- a significant outage of Polymath prevented you from using Pro, for example if Pro features were unavailable for more than 72 hours in a row. In that case we refund the affected part of the period, or the whole period if the outage lasted most of it.',
        ],
      },
      {
        heading: 'Your legal right of withdrawal (EU, UK and Turkey)',
        paragraphs: [
          'If you are a consumer in the European Union, the United Kingdom or Turkey, the law generally gives you 14 days to withdraw from a contract made online.',
          'Pro is a digital service that starts as soon as you pay. By starting to use Pro immediately, you ask us to begin providing it during the withdrawal period and acknowledge that, where the law allows, you lose the right of withdrawal once the service has been fully provided, or that you must pay for the part of the service you have already received if you withdraw. Under Turkish distance contract rules, services performed instantly in an electronic environment may be excluded from the right of withdrawal.',
          'Whatever the legal position, we always honour the 14-day refund for new subscriptions described above. If mandatory law in your country gives you more, you get the benefit of that law.',
          'To withdraw, email us with a clear statement that you are withdrawing from the contract, as described in "How to request a refund".',
        ],
      },
      {
        heading: 'How to request a refund',
        paragraphs: [
          'Email support@polymath.example, preferably from the email address on your Polymath account, and include:',
          '- the email address of your Polymath account;',
          '- the date and amount of the charge (your Stripe receipt helps);',
          '- the reason for your request, for example "14-day refund" or "duplicate charge".',
          'We normally reply within 3 business days and will tell you whether the refund is approved. If we decline a request, we will explain why.',
        ],
      },
      {
        heading: 'How refunds are paid',
        paragraphs: [
          'Approved refunds are made through Stripe to the payment method you used, in the same currency and including any tax you were charged. They usually appear within 5–10 business days; the exact timing depends on your bank or card issuer.',
          "We can't send a refund to a different card or account. If your original card has expired or been closed, your bank normally passes the refund on to you; contact your bank if it doesn't arrive.",
          'We are not responsible for fees or exchange-rate differences charged by your bank or card issuer.',
        ],
      },
      {
        heading: 'Chargebacks',
        paragraphs: [
          "If you see a charge you don't recognise or think is wrong, please contact us first: we can usually fix billing problems faster than a bank dispute can.",
          'If you open a chargeback or payment dispute, we may pause Pro access on the account while it is being reviewed, and we share the relevant billing records with Stripe and your bank to respond. If the dispute is decided against you, we may ask you to pay the amount again before Pro is restored.',
          'This does not limit your right to dispute a charge with your bank or card issuer.',
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update this policy; the date at the top shows when it last changed. If a change is less favourable to you, the previous version applies to payments made before the change.',
          'Questions about billing or refunds: support@polymath.example.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    updated: '2026-11-29',
    intro:
      'This policy explains what personal data Polymath collects, why we use it, who we share it with, how long we keep it and what rights you have. It applies to the Polymath web app and to chatting with Polymath on WhatsApp. We are the data controller for the data described here, including under the EU and UK GDPR and as "data controller" (veri sorumlusu) under Turkey\'s Personal Data Protection Law No. 6698 (KVKK).',
    sections: [
      {
        heading: 'Data we collect',
        paragraphs: [
          '- Account data: your email address, first and last name, display name, profile photo, whether your email address is verified, and which login methods you have connected (email and password, Google, Apple). If you sign in with Google or Apple, we receive the basic profile information they share, such as your name and email address. Passwords are stored only in hashed form.',
          "- Chats: your chat threads and messages, thread titles, starred chats, the model you chose and the AI's answers, so we can show your history and let you continue conversations.",
          '- Files and generated images: photos, PDFs and other files you upload (for example to photo translate, the tattoo generator or ask PDF), details you enter into tools such as the horoscope, and the images, logos and designs you generate, so the tools work and your gallery shows your creations.',
          '- WhatsApp: if you connect WhatsApp, your phone number and country, and the messages you exchange with Polymath on WhatsApp.',
          '- Billing records: your plan, billing period, subscription status, period end date, amounts, currency, tax and payment dates, and the Stripe references for your customer record and subscription. Card details are entered with Stripe and stay with Stripe; we never see or store your full card number.',
          "- Usage counters: how many messages you have used each day, so we can apply the Free plan's daily allowance and Pro's fair-use rate limit.",
        ],
      },
      {
        id: 'tracking',
        heading: 'Analytics and technical logs',
        paragraphs: [
          `Page views: each time you move to a different page in the app, we record a page-view event in our own systems with the page path (for example /gallery), the time, the address of the page that brought you here (without its query string), and your language and theme. It is not linked to your account, holds no IP address and uses no cookie. We use these events to understand which features are used and to find problems, and we keep them for up to ${RETENTION.pageViewMonths} months.`,
          "By default we don't use third-party analytics or advertising trackers. If we turn on Google Tag Manager or an advertising pixel (the Meta Pixel), for example to measure our ad campaigns, the app asks you first in a banner, and they load only after you choose Accept: until then, and after Reject, your browser sends them no request and they set no cookie. If you accept, they set their own cookies (such as _ga and _fbp) and send data about your visit to Google and Meta, who use it under their own privacy policies. You can change your choice at any time in Settings → Account or below; if you reject after accepting, we delete their cookies on our site and reload the page without them.",
          `Technical logs: our servers record request IDs, timestamps, errors and your IP address to keep Polymath secure, prevent abuse and enforce rate limits. These logs are kept for ${RETENTION.technicalRecordDays} days and then deleted. The IP address and browser name stored with a sign-in session are deleted ${RETENTION.technicalRecordDays} days after the session ends, and the per-address counters behind our rate limits ${RETENTION.technicalRecordDays} days after their last use.`,
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use a secure, httpOnly session cookie to keep you signed in. It is strictly necessary for the service, cannot be read by scripts on the page and is not used for tracking.',
          "Polymath also keeps some preferences in your browser's local storage, on your own device: your theme (light or dark), language (locale), the app version, your chat settings and drafts, and your answer to the tracking banner. They are used only to make the app work the way you left it. You can remove them by clearing your browser's site data, and the app clears them automatically when a new app version requires it.",
        ],
      },
      {
        heading: 'How we use your data and why',
        paragraphs: [
          '- To provide Polymath under our contract with you: creating and running your account, answering your messages, running the tools, keeping your history and gallery, connecting WhatsApp, sending service emails (such as email verification and password reset) and managing your subscription.',
          '- For our legitimate interests, balanced against your rights: keeping the service secure, preventing abuse and fraud, enforcing limits, and understanding how features are used through first-party page views so we can improve Polymath.',
          '- With your consent, where we ask for it, for example for optional advertising or analytics tools. You can withdraw your consent at any time.',
          '- To meet legal obligations, such as keeping billing and tax records and responding to lawful requests from authorities.',
          'Under KVKK, these correspond to the legal grounds in Article 5: the establishment or performance of a contract, our legitimate interests, compliance with a legal obligation and, where required, your explicit consent.',
          'We do not sell your personal data, and we do not use your chats, files or images to train our own AI models.',
        ],
      },
      {
        heading: 'AI model providers',
        paragraphs: [
          "When you send a message or use a tool, we send your prompt, any attachments and the conversation context needed for the answer to the provider of the model or tool you chose: OpenAI, Anthropic, Google, DeepSeek or xAI. For example, a message to a Claude model goes to Anthropic. We don't send your email address or billing details with these requests.",
          'These providers act as our processors (service providers) and use the data only to produce the answer, under their business and API terms, which restrict how they may use it. They may keep requests for a limited time for security and abuse monitoring, as described in their own privacy policies.',
          "Please avoid sharing sensitive information, such as health details, or other people's personal data in chats unless it is necessary for your request.",
        ],
      },
      {
        heading: 'Other service providers',
        paragraphs: [
          'We share personal data with the following service providers only as far as they need it to provide their service to us:',
          '- Stripe: payments, subscriptions, receipts and the customer portal;',
          '- an authentication provider, and Google or Apple if you use them to sign in: signing in and managing your login connections;',
          '- an email delivery provider: verification, password reset, account and billing emails;',
          '- hosting, database and file storage providers: running the app and storing your data;',
          "- Meta (WhatsApp Cloud API): delivering WhatsApp messages if you connect WhatsApp; Meta also processes these messages under WhatsApp's own terms;",
          '- a web search provider: receives your search queries when you use web search;',
          '- Google (Google Tag Manager) and Meta (Meta Pixel): measuring our advertising, only if we turn them on and you accept them.',
          'We may also disclose data when the law requires it, to protect the rights and safety of users or others, or as part of a merger or sale of our business, in which case we will tell you first.',
        ],
      },
      {
        heading: 'International transfers',
        paragraphs: [
          'Our service providers, including the AI model providers, may process your data outside your country, including outside Turkey, the EU and the UK, for example in the United States.',
          "We protect these transfers with the safeguards the law requires, such as the European Commission's standard contractual clauses and the UK addendum, the standard contracts and notifications required by Article 9 of KVKK for transfers from Turkey, or your explicit consent where the law requires it.",
        ],
      },
      {
        heading: 'How long we keep data',
        paragraphs: [
          `Account data, chats, files, generated images and your WhatsApp connection are kept for as long as your account exists, unless you delete them sooner. A chat you delete can be restored for ${RETENTION.deletedChatDays} days and is then deleted for good. On the Free plan, chats older than ${FREE_HISTORY_DAYS} days are hidden but not deleted. Daily usage counters are kept with your account.`,
          `When you delete your account, we delete your profile, chats, files, images and login and WhatsApp connections within ${RETENTION.deletedAccountDays} days. Copies in our backups are overwritten within ${RETENTION.backupDays} days.`,
          `Our payment processor, Stripe, keeps the payment and invoice records that tax and commercial law requires, typically for ${RETENTION.billingRecordYears} years in Turkey, also after your account is deleted. When you delete your account, we delete our copy of your subscription and its history with it. What we keep for our accounts is a record of each subscription start, cancellation and refund (the plan, amount, currency, date and Stripe's reference for the subscription or payment), no longer linked to your account.`,
          `Technical logs are kept for ${RETENTION.technicalRecordDays} days and page-view events for up to ${RETENTION.pageViewMonths} months. WhatsApp's delivery records (each message as WhatsApp delivered it or as we sent it, and its delivery status) are kept for ${RETENTION.technicalRecordDays} days; the conversation itself stays in your chat history. A daily job deletes what is past these periods.`,
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Depending on where you live, you have the right to access your personal data, correct it, receive a copy in a portable format, have it deleted, restrict or object to its processing (including processing based on our legitimate interests) and withdraw your consent at any time.',
          "If you are in the EU or the UK, the GDPR or UK GDPR gives you these rights, and you can complain to your local data protection authority (in the UK, the Information Commissioner's Office).",
          'If you are in Turkey, Article 11 of KVKK gives you the right to learn whether your data is processed and to request information about it, learn the purpose of processing and whether it is used for that purpose, know the third parties in Turkey or abroad it is transferred to, request its correction or deletion and that these be notified to those third parties, object to a result against you arising solely from automated analysis, and claim compensation for damage caused by unlawful processing. After applying to us, you can complain to the Personal Data Protection Board (KVK Kurulu).',
          'To use your rights, email privacy@polymath.example from the email address on your account. You can also edit your profile and delete your account in Settings. We reply within 30 days and may need to verify your identity first.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We protect your data with encryption in transit (HTTPS), hashed passwords, httpOnly session cookies and access limited to the people and systems that need it. Card details are handled by Stripe and never reach our servers.',
          'No system is completely secure. If a breach affects your personal data, we will notify you and the relevant authorities as the law requires.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          "Polymath is not intended for anyone under 16, and we don't knowingly collect personal data from children under 16. If you believe a child under 16 has created an account, contact privacy@polymath.example and we will delete it.",
        ],
      },
      {
        heading: 'Changes and contact',
        paragraphs: [
          'We may update this policy. The date at the top shows when it last changed, and we will tell you about material changes by email or in the app before they take effect.',
          'Privacy questions and data requests: privacy@polymath.example. Anything else: support@polymath.example.',
        ],
      },
    ],
  },
};

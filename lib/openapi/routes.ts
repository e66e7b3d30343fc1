/** Every API route module by its path under /api/api, as routeOf in test/route-files.ts spells it; a test fails when one is missing. */
import * as conversationId from "@/app/api/api/conversation/[id]/route";
import * as conversation from "@/app/api/api/conversation/route";
import * as customerIdContactContactIdHistory from "@/app/api/api/customer/[id]/contact/[contactId]/history/route";
import * as customerIdContactContactId from "@/app/api/api/customer/[id]/contact/[contactId]/route";
import * as customerIdContact from "@/app/api/api/customer/[id]/contact/route";
import * as customerIdActivity from "@/app/api/api/customer/[id]/activity/route";
import * as customerIdConsent from "@/app/api/api/customer/[id]/consent/route";
import * as customerIdSmsOptOut from "@/app/api/api/customer/[id]/sms_opt_out/route";
import * as customerId from "@/app/api/api/customer/[id]/route";
import * as customerIdSiteSiteIdHistory from "@/app/api/api/customer/[id]/site/[siteId]/history/route";
import * as customerIdSiteSiteId from "@/app/api/api/customer/[id]/site/[siteId]/route";
import * as customerIdSite from "@/app/api/api/customer/[id]/site/route";
import * as customerImport from "@/app/api/api/customer/import/route";
import * as customer from "@/app/api/api/customer/route";
import * as dashboard from "@/app/api/api/dashboard/route";
import * as dashboardReceivables from "@/app/api/api/dashboard/receivables/route";
import * as fileIdDownload from "@/app/api/api/file/[id]/download/route";
import * as fileId from "@/app/api/api/file/[id]/route";
import * as file from "@/app/api/api/file/route";
import * as fileStats from "@/app/api/api/file_stats/route";
import * as healthReady from "@/app/api/api/health/ready/route";
import * as openapi from "@/app/api/api/openapi.json/route";
import * as health from "@/app/api/api/health/route";
import * as history from "@/app/api/api/history/route";
import * as inboundEmailToken from "@/app/api/api/inbound/email/[token]/route";
import * as inboundEmail from "@/app/api/api/inbound/email/route";
import * as inboundSmsTwilioToken from "@/app/api/api/inbound/sms/twilio/[token]/route";
import * as inboundSmsTwilioStatus from "@/app/api/api/inbound/sms/twilio/status/route";
import * as invitationToken from "@/app/api/api/invitation/[token]/route";
import * as locationId from "@/app/api/api/location/[id]/route";
import * as location from "@/app/api/api/location/route";
import * as memberIdCode from "@/app/api/api/member/[id]/code/route";
import * as memberIdInvitation from "@/app/api/api/member/[id]/invitation/route";
import * as memberId from "@/app/api/api/member/[id]/route";
import * as member from "@/app/api/api/member/route";
import * as messageIdHtml from "@/app/api/api/message/[id]/html/route";
import * as messageIdRetry from "@/app/api/api/message/[id]/retry/route";
import * as message from "@/app/api/api/message/route";
import * as notification from "@/app/api/api/notification/route";
import * as organizationIdAutomaticMessagesPreview from "@/app/api/api/organization/[id]/automatic_messages/preview/route";
import * as organizationIdDocumentNumbers from "@/app/api/api/organization/[id]/document_numbers/route";
import * as organizationIdAutomaticMessages from "@/app/api/api/organization/[id]/automatic_messages/route";
import * as organizationIdAutomaticMessagesTest from "@/app/api/api/organization/[id]/automatic_messages/test/route";
import * as organizationIdInboundToken from "@/app/api/api/organization/[id]/inbound_token/route";
import * as organizationIdIntegrations from "@/app/api/api/organization/[id]/integrations/route";
import * as organizationIdMailboxSync from "@/app/api/api/organization/[id]/mailbox/sync/route";
import * as organizationIdOauth from "@/app/api/api/organization/[id]/oauth/route";
import * as organizationId from "@/app/api/api/organization/[id]/route";
import * as otpEmail from "@/app/api/api/otp/email/route";
import * as otpRecovery from "@/app/api/api/otp/recovery/route";
import * as projectId from "@/app/api/api/project/[id]/route";
import * as projectIdWorkflowWorkflowId from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import * as projectIdLines from "@/app/api/api/project/[id]/lines/route";
import * as projectIdWorkflow from "@/app/api/api/project/[id]/workflow/route";
import * as projectImport from "@/app/api/api/project/import/route";
import * as project from "@/app/api/api/project/route";
import * as projectTypeId from "@/app/api/api/project_type/[id]/route";
import * as projectType from "@/app/api/api/project_type/route";
import * as roleId from "@/app/api/api/role/[id]/route";
import * as role from "@/app/api/api/role/route";
import * as sessionProviders from "@/app/api/api/session/providers/route";
import * as sessionRecovery from "@/app/api/api/session/recovery/route";
import * as session from "@/app/api/api/session/route";
import * as signup from "@/app/api/api/signup/route";
import * as tokenId from "@/app/api/api/token/[id]/route";
import * as calendarToken from "@/app/api/api/calendar/[token]/route";
import * as calendarFeed from "@/app/api/api/calendar_feed/route";
import * as calendarFeedId from "@/app/api/api/calendar_feed/[id]/route";
import * as projectIdFile from "@/app/api/api/project/[id]/file/route";
import * as token from "@/app/api/api/token/route";
import * as unsubscribeToken from "@/app/api/api/unsubscribe/[token]/route";
import * as timeOffIdHistory from "@/app/api/api/time_off/[id]/history/route";
import * as timeOffId from "@/app/api/api/time_off/[id]/route";
import * as timeOff from "@/app/api/api/time_off/route";
import * as taxRateId from "@/app/api/api/tax_rate/[id]/route";
import * as taxRate from "@/app/api/api/tax_rate/route";
import * as priceItemCategories from "@/app/api/api/price_item/categories/route";
import * as priceItemImport from "@/app/api/api/price_item/import/route";
import * as priceItemId from "@/app/api/api/price_item/[id]/route";
import * as priceItem from "@/app/api/api/price_item/route";
import * as publicQuoteToken from "@/app/api/api/public/quote/[token]/route";
import * as publicQuoteTokenLogo from "@/app/api/api/public/quote/[token]/logo/route";
import * as publicQuoteTokenPdf from "@/app/api/api/public/quote/[token]/pdf/route";
import * as publicInvoiceTokenCheckout from "@/app/api/api/public/invoice/[token]/checkout/route";
import * as webhookStripe from "@/app/api/api/webhook/stripe/route";
import * as quoteIdHistory from "@/app/api/api/quote/[id]/history/route";
import * as quoteIdLink from "@/app/api/api/quote/[id]/link/route";
import * as quoteIdPdf from "@/app/api/api/quote/[id]/pdf/route";
import * as quoteIdRevise from "@/app/api/api/quote/[id]/revise/route";
import * as quoteIdSend from "@/app/api/api/quote/[id]/send/route";
import * as quoteId from "@/app/api/api/quote/[id]/route";
import * as quote from "@/app/api/api/quote/route";
import * as invoiceIdCredit from "@/app/api/api/invoice/[id]/credit/route";
import * as invoiceIdHistory from "@/app/api/api/invoice/[id]/history/route";
import * as invoiceIdIssue from "@/app/api/api/invoice/[id]/issue/route";
import * as invoiceIdVoid from "@/app/api/api/invoice/[id]/void/route";
import * as invoiceIdPdf from "@/app/api/api/invoice/[id]/pdf/route";
import * as invoiceIdEinvoice from "@/app/api/api/invoice/[id]/einvoice/route";
import * as invoiceIdSend from "@/app/api/api/invoice/[id]/send/route";
import * as publicInvoiceToken from "@/app/api/api/public/invoice/[token]/route";
import * as publicInvoiceTokenLogo from "@/app/api/api/public/invoice/[token]/logo/route";
import * as publicInvoiceTokenPdf from "@/app/api/api/public/invoice/[token]/pdf/route";
import * as invoiceId from "@/app/api/api/invoice/[id]/route";
import * as invoiceExport from "@/app/api/api/invoice/export/route";
import * as invoice from "@/app/api/api/invoice/route";
import * as paymentId from "@/app/api/api/payment/[id]/route";
import * as paymentExport from "@/app/api/api/payment/export/route";
import * as payment from "@/app/api/api/payment/route";
import * as visitIdHistory from "@/app/api/api/visit/[id]/history/route";
import * as visitIdItem from "@/app/api/api/visit/[id]/item/route";
import * as visitIdItemItemId from "@/app/api/api/visit/[id]/item/[itemId]/route";
import * as visitId from "@/app/api/api/visit/[id]/route";
import * as visit from "@/app/api/api/visit/route";

export const ROUTES = {
  "/conversation/[id]": conversationId,
  "/conversation": conversation,
  "/customer/[id]/activity": customerIdActivity,
  "/customer/[id]/consent": customerIdConsent,
  "/customer/[id]/sms_opt_out": customerIdSmsOptOut,
  "/customer/[id]": customerId,
  "/customer/[id]/contact": customerIdContact,
  "/customer/[id]/contact/[contactId]": customerIdContactContactId,
  "/customer/[id]/contact/[contactId]/history": customerIdContactContactIdHistory,
  "/customer/[id]/site": customerIdSite,
  "/customer/[id]/site/[siteId]": customerIdSiteSiteId,
  "/customer/[id]/site/[siteId]/history": customerIdSiteSiteIdHistory,
  "/customer/import": customerImport,
  "/customer": customer,
  "/dashboard": dashboard,
  "/dashboard/receivables": dashboardReceivables,
  "/file/[id]/download": fileIdDownload,
  "/file/[id]": fileId,
  "/file": file,
  "/file_stats": fileStats,
  "/health": health,
  "/health/ready": healthReady,
  "/openapi.json": openapi,
  "/history": history,
  "/inbound/email/[token]": inboundEmailToken,
  "/inbound/email": inboundEmail,
  "/inbound/sms/twilio/[token]": inboundSmsTwilioToken,
  "/inbound/sms/twilio/status": inboundSmsTwilioStatus,
  "/invitation/[token]": invitationToken,
  "/location/[id]": locationId,
  "/location": location,
  "/member/[id]/code": memberIdCode,
  "/member/[id]/invitation": memberIdInvitation,
  "/member/[id]": memberId,
  "/member": member,
  "/message/[id]/html": messageIdHtml,
  "/message/[id]/retry": messageIdRetry,
  "/message": message,
  "/notification": notification,
  "/organization/[id]/automatic_messages": organizationIdAutomaticMessages,
  "/organization/[id]/document_numbers": organizationIdDocumentNumbers,
  "/organization/[id]/automatic_messages/preview": organizationIdAutomaticMessagesPreview,
  "/organization/[id]/automatic_messages/test": organizationIdAutomaticMessagesTest,
  "/organization/[id]/inbound_token": organizationIdInboundToken,
  "/organization/[id]/integrations": organizationIdIntegrations,
  "/organization/[id]/mailbox/sync": organizationIdMailboxSync,
  "/organization/[id]/oauth": organizationIdOauth,
  "/organization/[id]": organizationId,
  "/otp/email": otpEmail,
  "/otp/recovery": otpRecovery,
  "/project/[id]": projectId,
  "/project/[id]/file": projectIdFile,
  "/project/[id]/workflow/[workflowId]": projectIdWorkflowWorkflowId,
  "/project/[id]/lines": projectIdLines,
  "/project/[id]/workflow": projectIdWorkflow,
  "/project/import": projectImport,
  "/project": project,
  "/project_type/[id]": projectTypeId,
  "/project_type": projectType,
  "/role/[id]": roleId,
  "/role": role,
  "/session/providers": sessionProviders,
  "/session/recovery": sessionRecovery,
  "/session": session,
  "/signup": signup,
  "/token/[id]": tokenId,
  "/calendar/[token]": calendarToken,
  "/calendar_feed": calendarFeed,
  "/calendar_feed/[id]": calendarFeedId,
  "/token": token,
  "/unsubscribe/[token]": unsubscribeToken,
  "/time_off/[id]/history": timeOffIdHistory,
  "/time_off/[id]": timeOffId,
  "/time_off": timeOff,
  "/tax_rate/[id]": taxRateId,
  "/tax_rate": taxRate,
  "/price_item/categories": priceItemCategories,
  "/price_item/import": priceItemImport,
  "/price_item/[id]": priceItemId,
  "/price_item": priceItem,
  "/public/quote/[token]": publicQuoteToken,
  "/public/quote/[token]/logo": publicQuoteTokenLogo,
  "/public/quote/[token]/pdf": publicQuoteTokenPdf,
  "/public/invoice/[token]/checkout": publicInvoiceTokenCheckout,
  "/webhook/stripe": webhookStripe,
  "/quote/[id]/history": quoteIdHistory,
  "/quote/[id]/link": quoteIdLink,
  "/quote/[id]/pdf": quoteIdPdf,
  "/quote/[id]/revise": quoteIdRevise,
  "/quote/[id]/send": quoteIdSend,
  "/quote/[id]": quoteId,
  "/quote": quote,
  "/invoice/[id]/credit": invoiceIdCredit,
  "/invoice/[id]/history": invoiceIdHistory,
  "/invoice/[id]/issue": invoiceIdIssue,
  "/invoice/[id]/void": invoiceIdVoid,
  "/invoice/[id]/pdf": invoiceIdPdf,
  "/invoice/[id]/einvoice": invoiceIdEinvoice,
  "/invoice/[id]/send": invoiceIdSend,
  "/public/invoice/[token]": publicInvoiceToken,
  "/public/invoice/[token]/logo": publicInvoiceTokenLogo,
  "/public/invoice/[token]/pdf": publicInvoiceTokenPdf,
  "/invoice/[id]": invoiceId,
  "/invoice/export": invoiceExport,
  "/invoice": invoice,
  "/payment/[id]": paymentId,
  "/payment/export": paymentExport,
  "/payment": payment,
  "/visit/[id]/history": visitIdHistory,
  "/visit/[id]/item": visitIdItem,
  "/visit/[id]/item/[itemId]": visitIdItemItemId,
  "/visit/[id]": visitId,
  "/visit": visit,
};

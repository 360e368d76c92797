// The spec's XML documents are the domain's (src-main/domain/spec-xml.ts): a local account
// answers with them. The service writes them, and its XML errors, through this name.
export { balanceXml, errorXml, settingsXml } from '../domain/spec-xml.ts';

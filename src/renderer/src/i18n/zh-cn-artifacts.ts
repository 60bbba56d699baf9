import type { enArtifacts } from './en-artifacts'

/** 运行产物（运行详情、流程节点面板）的简体中文。 */
export const zhCNArtifacts: Record<keyof typeof enArtifacts, string> = {
  'artifacts.title': '运行产物',
  'artifacts.none': '此运行没有留下文件。',
  'artifacts.name': '名称',
  'artifacts.size': '大小',
  'artifacts.type': '类型',
  'artifacts.download': '下载',
  'artifacts.preview': '预览',
  'artifacts.hidePreview': '收起预览',
  'artifacts.previewFailed': '无法读取该文件：{reason}',
  'artifacts.noPreview': '此类型不支持预览，请下载查看。',
  'artifacts.csvRows': '显示前 {shown} 行，共 {total} 行',
  'artifacts.textCut': '显示前 {shown} 字节，共 {total} 字节',
  'artifacts.desktopOnly': '请在浏览器中打开控制台（无界面模式）来下载或预览，或使用 `jobdesk artifacts {id}`。',
}

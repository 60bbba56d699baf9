import type { enCluster } from './en-cluster'

/** 集群页面与桌面版“连接到 JobDesk 服务器”的中文文本。 */
export const zhCNCluster: Record<keyof typeof enCluster, string> = {
  'nav.cluster': '集群',
  'cluster.title': '集群',
  'cluster.database': '数据库',
  'cluster.engine.sqlite': 'SQLite 文件',
  'cluster.engine.postgres': 'PostgreSQL',
  'cluster.engine.mysql': 'MySQL / MariaDB',
  'cluster.alone':
    '此 JobDesk 独自使用其 SQLite 文件。要在多台服务器间分担调度，请让每台都以相同的 --database postgres://… 或 mysql://… 启动：每个节点都会扫描并触发，同一调度时刻绝不会触发两次。',
  'cluster.explain':
    '每个节点都会扫描到期任务并触发其中一部分。节点每秒发送一次心跳；沉默 3 秒即视为宕机：其他节点接手它已计划的触发（或按过期策略处理），它的内置执行器上的运行记为丢失。周期性工作同一时间只由一个节点执行。',
  'cluster.node': '节点',
  'cluster.state': '状态',
  'cluster.heartbeat': '最近心跳',
  'cluster.started': '启动时间',
  'cluster.ringRows': '已计划的触发',
  'cluster.work': '周期性工作',
  'cluster.address': '管理地址',
  'cluster.embedded': '内置执行器',
  'cluster.self': '当前控制台',
  'cluster.alive': '在线',
  'cluster.dead': '宕机 — 其工作正被接管',
  'cluster.agoSeconds': '{n} 秒前',
  'cluster.periodicWork': '丢失运行清理、报表、日志保留',
  'cluster.notListening': '尚未监听',
  'cluster.none': '无',
  'cluster.loadFailed': '读取集群信息失败：{error}',
  'connect.open': '连接到服务器…',
  'connect.title': '连接到 JobDesk 服务器',
  'connect.hint':
    '在单独的窗口中打开一台 JobDesk 服务器（集群节点，或另一台机器上的无界面模式）的控制台。请填写其地址和它启动时打印的控制台令牌（该服务器的设置页也会显示）。本应用自己的调度器继续运行。',
  'connect.url': '服务器地址',
  'connect.token': '控制台令牌',
  'connect.submit': '打开其控制台',
  'connect.opened': '服务器控制台已在新窗口中打开',
}

import type { enRouteMessages } from '../../../shared/messages/en-route'

/** src/shared/messages/en-route.ts 的简体中文：路由原因、路由预览与触发结果（代码完全一致）。 */
export const zhCNRouteMessages: Record<keyof typeof enRouteMessages, string> = {
  'routeReason.emptyAddress': '注册地址为空：执行器分组中没有可路由的执行器地址。',
  'routeReason.first': '按列表顺序取 {count} 个地址中的第一个。',
  'routeReason.last': '按列表顺序取 {count} 个地址中的最后一个。',
  'routeReason.round': '任务 {jobId} 的轮询位置为 {position}，选中 {count} 个地址中下标为 {index} 的地址。',
  'routeReason.random': '随机选择：{count} 个地址中下标为 {index} 的地址。',
  'routeReason.consistentHash': '任务 {jobId} 的哈希值为 {hash}；哈希环上的下一个节点为 {node}（共 {nodes} 个虚拟节点）。',
  'routeReason.consistentHashWrapped': '任务 {jobId} 的哈希值为 {hash}；绕回环首后的下一个节点为 {node}（共 {nodes} 个虚拟节点）。',
  'routeReason.leastFrequentlyUsed': '任务 {jobId} 最不经常使用：24 小时内使用 {useCount} 次，是 {count} 个地址中最少的。',
  'routeReason.leastRecentlyUsed': '任务 {jobId} 最近最久未使用：{count} 个地址中最久未被路由到的地址。',
  'routeReason.probeFirst': '{address} 对 {path} 返回 200，是第一个被探测的地址。',
  'routeReason.probeAfterOne': '{address} 对 {path} 返回 200，此前有 1 次探测失败。',
  'routeReason.probeAfterMany': '{address} 对 {path} 返回 200，此前有 {failed} 次探测失败。',
  'routeReason.probeNone': '没有地址对 {path} 返回 200（已探测 {probed} 个）；路由失败。',
  'routeReason.shard': '分片 {index}/{total} 发往列表中下标为 {index} 的地址。',

  'routePreview.round': 'ROUND 按任务在地址间轮换（集群中所有节点共用一个序列）；任务的第一次触发从随机地址开始。',
  'routePreview.random': 'RANDOM 每次触发随机选择一个地址。',
  'routePreview.shardNone': '没有可分片的地址',
  'routePreview.shards': '每个地址运行一次：{shards}',

  'triggerResult.noAddress': '失败——没有执行器地址（调度失败）',
  'triggerResult.addressesFull': '失败——执行器组的每个地址都已达到最大并发数 {max}（调度失败）',
  'triggerResult.accepted': '执行器已接受（代码 200），耗时 {ms} 毫秒',
  'triggerResult.refused': '被拒绝（代码 {code}），耗时 {ms} 毫秒：{msg}',
  'triggerResult.acceptedAfterWait': '执行器已接受（代码 200），耗时 {ms} 毫秒；此前在本机等待空闲连接 {waited} 毫秒',
  'triggerResult.refusedAfterWait': '被拒绝（代码 {code}），耗时 {ms} 毫秒；此前在本机等待空闲连接 {waited} 毫秒：{msg}',
  'triggerResult.dropped': '触发被丢弃：触发线程池队列已满（调度中心过载）。',
  'triggerResult.failed': '触发失败：{message}',
}

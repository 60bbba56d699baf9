// B10 peer: Quartz 2.3 (Debian's libquartz2-java) with its JDBC job store (JobStoreTX) on an H2 file
// database (libh2-java), N every-second cron triggers ("* * * * * ?") and a no-op job. Compiled by
// bench/b10-peers.ts with javac into a temporary folder at run time; speaks the peers' line protocol
// on stdout (bench/peers/peer-protocol.ts): READY, WINDOW <startMs> <endMs>, RESULT <json>.
//
// Usage: java -cp <tmp>:<jars> QuartzBench <jobs> <warmupSec> <windowSec> <threads> <batch> <dbDir>
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.quartz.CronScheduleBuilder;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

public class QuartzBench {
  static volatile long windowStartMs = Long.MAX_VALUE;
  static volatile long windowEndMs = Long.MAX_VALUE;
  static long[] lags;
  static final AtomicInteger recorded = new AtomicInteger();
  /** Every execution per wall-clock second of the window, whatever its scheduled time: the sustained rate. */
  static AtomicIntegerArray startsPerSecond;

  /** The no-op job: records the lag from the trigger's own scheduled time when it lies in the window. */
  public static class NoopJob implements Job {
    @Override
    public void execute(JobExecutionContext context) {
      long now = System.currentTimeMillis();
      long scheduled = context.getScheduledFireTime().getTime();
      long second = now >= windowStartMs ? (now - windowStartMs) / 1000 : -1;
      if (second >= 0 && second < startsPerSecond.length()) startsPerSecond.incrementAndGet((int) second);
      if (scheduled < windowStartMs || scheduled >= windowEndMs) return;
      int i = recorded.getAndIncrement();
      if (i < lags.length) lags[i] = now - scheduled;
    }
  }

  public static void main(String[] args) throws Exception {
    int jobs = Integer.parseInt(args[0]);
    int warmupSec = Integer.parseInt(args[1]);
    int windowSec = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    int batch = Integer.parseInt(args[4]);
    String url = "jdbc:h2:file:" + args[5] + "/quartz";
    long expected = (long) jobs * windowSec;
    lags = new long[(int) expected];
    startsPerSecond = new AtomicIntegerArray(windowSec);

    createSchema(url);
    Scheduler scheduler = new StdSchedulerFactory(properties(url, threads, batch)).getScheduler();
    Date firstFire = new Date((System.currentTimeMillis() / 1000 + 2) * 1000);
    // One transaction per chunk (scheduleJobs stores a whole map at once).
    for (int from = 0; from < jobs; from += 1000) {
      Map<JobDetail, Set<? extends Trigger>> chunk = new HashMap<>();
      for (int i = from; i < Math.min(jobs, from + 1000); i++) {
        JobDetail job = JobBuilder.newJob(NoopJob.class).withIdentity("job" + i).build();
        Trigger trigger = TriggerBuilder.newTrigger().withIdentity("trigger" + i).startAt(firstFire)
            .withSchedule(CronScheduleBuilder.cronSchedule("* * * * * ?")).build();
        Set<Trigger> triggers = new HashSet<>();
        triggers.add(trigger);
        chunk.put(job, triggers);
      }
      scheduler.scheduleJobs(chunk, true);
    }
    scheduler.start();
    System.out.println("READY");
    windowStartMs = (System.currentTimeMillis() / 1000 + 1 + warmupSec) * 1000;
    windowEndMs = windowStartMs + windowSec * 1000L;
    System.out.println("WINDOW " + windowStartMs + " " + windowEndMs);
    sleepUntil(windowEndMs);
    drain(expected);
    int n = Math.min(recorded.get(), lags.length);
    System.out.println("RESULT " + result(n, expected, windowSec, threads, batch));
    System.out.flush();
    scheduler.shutdown(false);
    System.exit(0);
  }

  static Properties properties(String url, int threads, int batch) {
    Properties p = new Properties();
    p.setProperty("org.quartz.scheduler.instanceName", "bench");
    p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
    p.setProperty("org.quartz.threadPool.threadCount", String.valueOf(threads));
    p.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", String.valueOf(batch));
    p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
    p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.StdJDBCDelegate");
    p.setProperty("org.quartz.jobStore.dataSource", "bench");
    p.setProperty("org.quartz.jobStore.tablePrefix", "QRTZ_");
    // Batch acquisition needs the lock around acquisition (Quartz's own advice for batch > 1).
    p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
    p.setProperty("org.quartz.dataSource.bench.driver", "org.h2.Driver");
    p.setProperty("org.quartz.dataSource.bench.URL", url);
    p.setProperty("org.quartz.dataSource.bench.user", "sa");
    p.setProperty("org.quartz.dataSource.bench.password", "");
    p.setProperty("org.quartz.dataSource.bench.maxConnections", String.valueOf(threads + 5));
    p.setProperty("org.quartz.dataSource.bench.provider", "hikaricp");
    return p;
  }

  /** Quartz's shipped H2 schema (its IMAGE columns as BLOB, which H2 2.x needs) plus the indexes its PostgreSQL schema defines. */
  static void createSchema(String url) throws Exception {
    try (Connection connection = DriverManager.getConnection(url, "sa", ""); Statement statement = connection.createStatement()) {
      for (String sql : statements("org/quartz/impl/jdbcjobstore/tables_h2.sql")) {
        if (sql.equalsIgnoreCase("COMMIT")) continue;
        statement.execute(sql.replaceAll("\\bIMAGE\\b", "BLOB"));
      }
      for (String sql : statements("org/quartz/impl/jdbcjobstore/tables_postgres.sql")) {
        if (sql.toUpperCase().startsWith("CREATE INDEX")) statement.execute(sql);
      }
    }
  }

  static List<String> statements(String resource) throws Exception {
    InputStream in = QuartzBench.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) throw new IllegalStateException(resource + " is not in the Quartz jar");
    StringBuilder text = new StringBuilder();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        if (!line.trim().startsWith("--")) text.append(line).append('\n');
      }
    }
    List<String> out = new ArrayList<>();
    for (String part : text.toString().split(";")) {
      String sql = part.trim();
      if (!sql.isEmpty()) out.add(sql);
    }
    return out;
  }

  /** Until every fire of the window ran, or 2 s without progress, or 10 s. */
  static void drain(long expected) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 10_000;
    int last = -1;
    long lastChange = System.currentTimeMillis();
    while (System.currentTimeMillis() < deadline && recorded.get() < expected) {
      int now = recorded.get();
      if (now != last) {
        last = now;
        lastChange = System.currentTimeMillis();
      } else if (System.currentTimeMillis() - lastChange > 2000) {
        break;
      }
      Thread.sleep(100);
    }
  }

  static String result(int n, long expected, int windowSec, int threads, int batch) {
    long[] sorted = Arrays.copyOf(lags, n);
    Arrays.sort(sorted);
    int[] perSecond = new int[windowSec];
    long startsInWindow = 0;
    for (int i = 0; i < windowSec; i++) {
      perSecond[i] = startsPerSecond.get(i);
      startsInWindow += perSecond[i];
    }
    Arrays.sort(perSecond);
    return "{\"fires\":" + n + ",\"expected\":" + expected + ",\"unfired\":" + (expected - n)
        + ",\"perSecondMedian\":" + perSecond[(windowSec - 1) / 2] + ",\"startsInWindow\":" + startsInWindow
        + ",\"lagP50\":" + rank(sorted, 50) + ",\"lagP99\":" + rank(sorted, 99) + ",\"lagMax\":" + rank(sorted, 100)
        + ",\"config\":\"JobStoreTX on H2 file, " + threads + " threads, batch acquisition " + batch + ", HikariCP\"}";
  }

  /** Nearest-rank percentile, as bench/support/stats.ts; null (JSON) for an empty sample. */
  static String rank(long[] sorted, int p) {
    if (sorted.length == 0) return "null";
    int r = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return String.valueOf(sorted[Math.max(0, Math.min(sorted.length - 1, r))]);
  }

  static void sleepUntil(long targetMs) throws InterruptedException {
    long remaining = targetMs - System.currentTimeMillis();
    if (remaining > 0) Thread.sleep(remaining);
  }
}

/**
 * A recording stand-in for the globals SST gives `sst.config.ts` (`sst`, `aws`, `$app`, `$config`,
 * `$interpolate`, `$resolve`, `$util`, `$dev`). Argument names and types are not its business:
 * `npm run typecheck` checks the stacks against SST's real types (scripts/typecheck-infra.sh). The real components need Pulumi, which cannot run here, so the stacks are
 * evaluated against classes that record what they were built with. Every component exposes the
 * outputs the stacks read (`name`, `arn`, `url`, `value`) as readable placeholder strings.
 */

/** One component or method call, in creation order. */
export interface Recorded {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  opts?: Record<string, unknown> | undefined;
  /** Method calls on the component (`routeBucket`, `subscribe`, ...). */
  calls: { method: string; args: unknown[] }[];
  /** The object the stacks received, for identity checks (`link` contains the table, ...). */
  instance: object;
}

export interface Recording {
  stage: string;
  resources: Recorded[];
  /** What `sst.Linkable.wrap` made each component kind's link carry (by kind: "Dynamo", "Bucket"). */
  wrappedLinks: Map<string, (instance: object) => unknown>;
  /** The one component of a kind and name; throws when missing so a failed lookup names itself. */
  get(kind: string, name: string): Recorded;
  all(kind: string): Recorded[];
  /** Deferred outputs the stacks made but never resolved. */
  unresolved(): number;
  /** Removes the globals again. */
  uninstall(): void;
}

type Args = Record<string, unknown>;

const GLOBALS = ["sst", "aws", "$app", "$config", "$interpolate", "$resolve", "$util", "$dev"] as const;

/**
 * A resolved stand-in for Pulumi's `Output`: `apply` runs at once. Tests read `.value`, or use
 * `resolved()` on anything that may be one.
 */
export class RecordedOutput<T> {
  constructor(readonly value: T) {}
  apply<U>(fn: (value: T) => U | RecordedOutput<U>): RecordedOutput<U> {
    const result = fn(this.value);
    return result instanceof RecordedOutput ? result : new RecordedOutput(result);
  }
}

/** The value behind a RecordedOutput, with nested ones resolved too (as Pulumi's `all` does). */
export function resolved(value: unknown): unknown {
  if (value instanceof RecordedOutput) return resolved(value.value);
  if (Array.isArray(value)) return value.map(resolved);
  // Plain objects only, as Pulumi unwraps them; components and other instances stay themselves.
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
  return value;
}

/** Installs the stand-in on globalThis for one stage; evaluate sst.config.ts afterwards. */
export function installRecordingSst(stage: string, appName = "fruit-shop"): Recording {
  const resources: Recorded[] = [];
  const wrappedLinks = new Map<string, (instance: object) => unknown>();

  class Component {
    readonly record: Recorded;
    readonly name: string;
    readonly arn: string;
    readonly url: string;
    readonly id: string;

    constructor(kind: string, name: string, args: Args = {}, opts?: Args) {
      this.record = { kind, name, args, opts, calls: [], instance: this };
      this.name = `${appName}-${stage}-${name}`;
      this.arn = `arn:recorded:${kind}:${name}`;
      this.url = `https://${name.toLowerCase()}.recorded.example`;
      this.id = `${kind}:${name}`;
      resources.push(this.record);
    }

    /**
     * SST's `nodes`: the underlying resources, named after the component. The function of a
     * subscriber or a cron is an output in SST; `$util.output` resolves either form.
     */
    get nodes(): RecordedNodes {
      const fn = `${this.name}-function`;
      return {
        function: { name: fn, arn: `arn:recorded:lambda:${fn}` },
        logGroup: { name: `/aws/lambda/${fn}` },
        queue: { name: `${this.name}-queue`, arn: this.arn },
        // A StaticSite's bucket of files (an SST Bucket, whose own node is the S3 bucket).
        assets: {
          name: `${this.name}-assets`,
          arn: `arn:recorded:s3:${this.name}-assets`,
          nodes: { bucket: { bucketRegionalDomainName: `${this.name}-assets.s3.us-east-1.amazonaws.com` } },
        },
      };
    }

    protected called(method: string, args: unknown[]): void {
      this.record.calls.push({ method, args });
    }
  }

  class Dynamo extends Component {
    static readonly kind = "Dynamo";
    constructor(name: string, args: Args, opts?: Args) {
      super("Dynamo", name, args, opts);
    }

    /** SST's current signature: a required subscriber name, the function, and subscription args. */
    subscribe(name: string, subscriber: unknown, args?: Args) {
      if (typeof name !== "string" || subscriber === undefined) {
        throw new Error("Dynamo.subscribe(name, subscriber, args): the name is required");
      }
      if (!this.record.args.stream) throw new Error(`Cannot subscribe to "${this.record.name}": no stream`);
      this.called("subscribe", [name, subscriber, args]);
      return new Component("DynamoSubscriber", name, { subscriber, ...args });
    }
  }

  class Router extends Component {
    constructor(name: string, args: Args = {}, opts?: Args) {
      super("Router", name, args, opts);
    }
    /** SST's Router: its CloudFront distribution's id. */
    get distributionID(): string {
      return `${this.name}-distribution`;
    }
    route(pattern: string, url: unknown, args?: Args) {
      this.called("route", [pattern, url, args]);
    }
    routeBucket(pattern: string, bucket: unknown, args?: Args) {
      this.called("routeBucket", [pattern, bucket, args]);
    }
    routeSite(pattern: string, site: unknown, args?: Args) {
      this.called("routeSite", [pattern, site, args]);
    }
  }

  /** SST's BucketNotification: `nodes.functions` are the notified functions, in the order given. */
  class BucketNotification extends Component {
    constructor(name: string, args: Args) {
      super("BucketNotification", name, args);
    }
    override get nodes(): RecordedNodes {
      const notifications = (this.record.args.notifications ?? []) as { name: string }[];
      return {
        ...super.nodes,
        functions: notifications.map((n) => ({ name: `${this.name}-${n.name}-function` })),
      };
    }
  }

  class Bucket extends Component {
    constructor(name: string, args: Args = {}, opts?: Args) {
      super("Bucket", name, args, opts);
    }
    /** SST allows one `notify` per bucket (a bucket has one notification configuration). */
    notify(args: Args) {
      if (this.record.calls.some((call) => call.method === "notify"))
        throw new Error(`Cannot call "notify" on the "${this.record.name}" bucket multiple times.`);
      this.called("notify", [args]);
      return new BucketNotification(`${this.record.name}Notifications`, args);
    }
  }

  class Secret extends Component {
    readonly value: string;
    constructor(name: string, placeholder?: string) {
      super("Secret", name, placeholder === undefined ? {} : { placeholder });
      // Like SST's Secret (.sst/platform/src/components/secret.ts): the stage's value from
      // `SST_SECRET_<name>` when a test sets one, else a stand-in long enough for every length check.
      this.value = process.env[`SST_SECRET_${name}`] ?? `secret:${name}:recorded-stand-in-value-of-the-stage`;
    }
  }

  /** SST's SnsTopic: subscribers are recorded as components of their own, like a table's. */
  class SnsTopic extends Component {
    constructor(name: string, args: Args = {}, opts?: Args) {
      super("SnsTopic", name, args, opts);
    }
    subscribe(name: string, subscriber: unknown, args?: Args) {
      this.called("subscribe", [name, subscriber, args]);
      return new Component("SnsSubscriber", name, { subscriber, ...args });
    }
  }

  /** SST's Email: its configuration set's name and the nodes the stacks read. */
  class Email extends Component {
    readonly configSet: string;
    constructor(name: string, args: Args = {}, opts?: Args) {
      super("Email", name, args, opts);
      this.configSet = `${this.name}-config`;
    }
    override get nodes(): RecordedNodes {
      return {
        ...super.nodes,
        identity: {
          arn: `arn:recorded:ses:identity/${String(this.record.args.sender)}`,
          dkimSigningAttributes: { tokens: ["dkim1", "dkim2", "dkim3"] },
        },
        configurationSet: { arn: `arn:recorded:ses:configuration-set/${this.configSet}` },
      };
    }
  }

  /** Components the stacks only construct. */
  const plain = (kind: string) =>
    class extends Component {
      static readonly kind = kind;
      constructor(name: string, args: Args = {}, opts?: Args) {
        super(kind, name, args, opts);
      }
    };

  /** A Lambda function of Pulumi's own (the Lambda@Edge one): its published version's ARN too. */
  class LambdaFunction extends Component {
    readonly qualifiedArn: string;
    constructor(name: string, args: Args = {}, opts?: Args) {
      super("LambdaFunction", name, args, opts);
      this.qualifiedArn = `${this.arn}:1`;
    }
  }

  /** `aws` is Pulumi's AWS provider: the resources the stacks create directly, the region and the account lookups. */
  const aws = {
    cloudfront: {
      ResponseHeadersPolicy: plain("ResponseHeadersPolicy"),
      Function: plain("CloudFrontFunction"),
      OriginAccessControl: plain("OriginAccessControl"),
    },
    iam: { Role: plain("IamRole") },
    sns: { Topic: plain("SnsTopic"), TopicSubscription: plain("SnsTopicSubscription") },
    cloudwatch: { MetricAlarm: plain("MetricAlarm"), LogMetricFilter: plain("LogMetricFilter") },
    lambda: { FunctionEventInvokeConfig: plain("FunctionEventInvokeConfig"), Function: LambdaFunction },
    s3: { BucketLifecycleConfiguration: plain("BucketLifecycleConfiguration") },
    getRegionOutput: () => ({ region: new RecordedOutput("us-east-1") }),
    getCallerIdentityOutput: () => ({ accountId: new RecordedOutput("123456789012") }),
  };
  const all = (values: unknown[]) => new RecordedOutput(values.map(resolved));
  /**
   * Pulumi's `deferredOutput`: an output resolved later from another. Here its value is filled in
   * when the stacks resolve it; `unresolved` counts the ones never resolved (a real deploy would wait
   * on them forever), which `recordedDeploys` refuses.
   */
  const deferred: { resolved: boolean }[] = [];
  const deferredOutput = () => {
    const state = { resolved: false };
    deferred.push(state);
    const output = new RecordedOutput<unknown>(undefined) as { value: unknown };
    const resolve = (source: unknown) => {
      if (state.resolved) throw new Error("Deferred Output has already been resolved");
      state.resolved = true;
      output.value = resolved(source);
    };
    return [output, resolve] as const;
  };

  /** `sst.Linkable`: a component with properties, and `wrap`, which replaces a class's link. */
  class Linkable extends Component {
    readonly properties: unknown;
    constructor(name: string, definition: Args) {
      super("Linkable", name, definition);
      this.properties = definition.properties;
    }
    static wrap(cls: { kind?: string; name: string }, definition: (instance: object) => unknown) {
      wrappedLinks.set(cls.kind ?? cls.name, definition);
    }
  }

  /** `sst.aws.dns()`: the Route 53 adapter; each record it creates is recorded as a `DnsRecord`. */
  const dns = (args: Args = {}) => ({
    provider: "aws",
    createRecord: (name: string, record: Args) => new Component("DnsRecord", name, { ...record, zone: args }),
  });

  const sst = {
    Secret,
    Linkable,
    aws: {
      dns,
      Dynamo,
      Router,
      Bucket,
      Queue: plain("Queue"),
      Function: plain("Function"),
      StaticSite: plain("StaticSite"),
      CronV2: plain("CronV2"),
      Email,
      SnsTopic,
    },
  };

  const g = globalThis as Record<string, unknown>;
  g.sst = sst;
  g.aws = aws;
  g.$resolve = all;
  g.$util = {
    all,
    output: (value: unknown) => new RecordedOutput(resolved(value)),
    deferredOutput,
    // Pulumi's assets, kept as what they hold: an archive's files by name, a string asset's text.
    asset: {
      AssetArchive: class {
        constructor(readonly assets: Record<string, unknown>) {}
      },
      StringAsset: class {
        constructor(readonly text: string) {}
      },
    },
  };
  g.$app = { name: appName, stage };
  g.$config = <T>(config: T) => config;
  g.$interpolate = (strings: TemplateStringsArray, ...values: unknown[]) =>
    strings.reduce(
      (text, part, i) => text + part + (i < values.length ? String(resolved(values[i])) : ""),
      "",
    );
  g.$dev = false;

  return {
    stage,
    resources,
    wrappedLinks,
    get(kind, name) {
      const found = resources.find((r) => r.kind === kind && r.name === name);
      if (!found)
        throw new Error(
          `no ${kind} "${name}" was created (have: ${resources.map((r) => `${r.kind}:${r.name}`).join(", ")})`,
        );
      return found;
    },
    all: (kind) => resources.filter((r) => r.kind === kind),
    unresolved: () => deferred.filter((state) => !state.resolved).length,
    uninstall() {
      for (const name of GLOBALS) delete g[name];
    },
  };
}

/**
 * The router's routes, however the stacks declared them: method calls on the router, or components
 * that attach themselves through `url.router` / `router` args (as SST's Function and StaticSite do).
 * Maps each path to the component instance (or URL) it serves.
 */
export function routesOf(recording: Recording, router: Recorded): Map<string, unknown> {
  const routes = new Map<string, unknown>();
  for (const call of router.calls) routes.set(call.args[0] as string, call.args[1]);
  for (const resource of recording.resources) {
    const url = resource.args.url as { router?: { instance?: unknown; path?: string } } | undefined;
    if (url?.router?.instance === router.instance) routes.set(url.router.path ?? "/", resource.instance);
    const site = resource.args.router as { instance?: unknown; path?: string } | undefined;
    if (site?.instance === router.instance) routes.set(site.path ?? "/", resource.instance);
  }
  return routes;
}

/** The nodes a recorded component exposes: a function's, a queue's, and an SES Email's. */
interface RecordedNodes {
  function: { name: string; arn: string };
  logGroup: { name: string };
  queue: { name: string; arn: string };
  assets: { name: string; arn: string; nodes: { bucket: { bucketRegionalDomainName: string } } };
  identity?: { arn: string; dkimSigningAttributes: { tokens: string[] } };
  configurationSet?: { arn: string };
  functions?: { name: string }[];
}

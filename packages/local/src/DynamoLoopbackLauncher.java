import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local listening on 127.0.0.1 only.
 *
 * DynamoDB Local has no bind-address option and its Jetty listens on every interface, so anyone on
 * the developer's network could read and write the shop's table. This launcher, run as a source file
 * (`java -cp DynamoDBLocal.jar DynamoLoopbackLauncher.java <DynamoDB Local's own flags>`, no build
 * step; see packages/functions/src/local/services.ts and docs/decisions/007-dynamodb-local-loopback.md),
 * builds the server exactly as the jar's own main does, sets the Jetty connector's host to 127.0.0.1
 * and only then starts it.
 *
 * Telemetry: the jar's main configures its telemetry before starting; this launcher never does, so
 * nothing is sent (and `-disableTelemetry` is passed as well).
 */
public class DynamoLoopbackLauncher {
  private static final String HOST = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Server jetty = jettyOf(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) fail("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        fail("DynamoDB Local's connector " + connector.getClass().getName() + " cannot be bound to " + HOST);
      }
      ((ServerConnector) connector).setHost(HOST);
    }
    try {
      // start() reports some failures on stderr and stops Jetty instead of throwing.
      proxy.start();
    } catch (Exception error) {
      fail("DynamoDB Local could not listen on " + HOST + ": " + error.getMessage());
    }
    if (!jetty.isStarted()) fail("DynamoDB Local did not start");
    for (Connector connector : connectors) {
      String host = ((ServerConnector) connector).getHost();
      if (!HOST.equals(host)) fail("DynamoDB Local is bound to " + host + ", not " + HOST);
    }
    jetty.join();
  }

  /** The Jetty server inside DynamoDBProxyServer (a private field: the jar offers no accessor). */
  private static Server jettyOf(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
    for (Field field : DynamoDBProxyServer.class.getDeclaredFields()) {
      if (Server.class.isAssignableFrom(field.getType())) {
        field.setAccessible(true);
        return (Server) field.get(proxy);
      }
    }
    throw new IllegalStateException("DynamoDBProxyServer holds no Jetty Server in this DynamoDB Local version");
  }

  private static void fail(String message) {
    System.err.println(message);
    System.exit(1);
  }
}

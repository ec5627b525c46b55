package app.freshcart.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}

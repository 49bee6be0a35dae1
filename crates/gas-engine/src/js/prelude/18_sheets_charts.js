  // ---- SpreadsheetApp: embedded charts (see 10_sheets.js for sheetClass) -------------
  // A builder's handle is the whole chart it builds (gas-platform's ChartHandle), every
  // method declared once for the ten builders (bindings/sheets/charts.rs). A step changes
  // the builder in place and returns it: `asLineChart` as a line chart's builder, every
  // other step (the base ones too: addRange, setOption, setPosition, which the catalogue
  // says return an EmbeddedChartBuilder) the builder itself, its own methods kept
  // (observed: `asColumnChart().addRange(r).setTitle(t)` works on the platform, a peer's
  // conformance tests). The steps are made when a class
  // makes its first object (lazyClass), so a project without charts pays for none.
  // Charts' text styles are here too, with the `Charts` global (99_globals.js).
  const chartBuilderClasses = [
    'EmbeddedChartBuilder', 'EmbeddedAreaChartBuilder', 'EmbeddedBarChartBuilder', 'EmbeddedColumnChartBuilder',
    'EmbeddedComboChartBuilder', 'EmbeddedHistogramChartBuilder', 'EmbeddedLineChartBuilder',
    'EmbeddedPieChartBuilder', 'EmbeddedScatterChartBuilder', 'EmbeddedTableChartBuilder',
  ];
  const chartClasses = {
    EmbeddedChart: klass('EmbeddedChart', {}), ContainerInfo: klass('ContainerInfo', {}),
    ChartOptions: klass('ChartOptions', {}),
  };
  const chartStep = (className, name, Returns) => function (...args) {
    this._h = call(className + '.' + name, this._h, args, true);
    return Returns === undefined || this instanceof Returns ? this : new Returns(this._h);
  };
  const chartSteps = (className) => {
    const names = catalogueClass(className)[1];
    const steps = {};
    for (let j = 0; j < names.length; j++) {
      const name = names[j];
      // `build` makes an EmbeddedChart and the getters read the handle (declared).
      if (name === 'build' || name.indexOf('get') === 0) continue;
      const Returns = name.indexOf('as') === 0 ? chartClasses['Embedded' + name.slice(2) + 'Builder'] : undefined;
      steps[name] = chartStep(className, name, Returns);
    }
    return steps;
  };
  // `String(sheet.newChart())` is the platform's Java class and an identity hash
  // (observed, a peer's conformance tests: the prefix); the hash here is the builder's
  // number in the execution, as hex, so reports stay deterministic.
  const JAVA_CHART_BUILDER = 'com.google.apps.maestro.server.beans.trix.impl.ChartPropertyApiEmbeddedChartBuilder@';
  let chartBuildersShown = 0;
  function javaIdentity() {
    if (this._shownAs === undefined) {
      chartBuildersShown += 1;
      Object.defineProperty(this, '_shownAs', { value: (0x1f000000 + chartBuildersShown).toString(16) });
    }
    return JAVA_CHART_BUILDER + this._shownAs;
  }
  for (let i = 0; i < chartBuilderClasses.length; i++) {
    const className = chartBuilderClasses[i];
    chartClasses[className] = lazyClass(className, () => {
      const steps = chartSteps(className);
      if (className === 'EmbeddedChartBuilder') {
        Object.defineProperty(steps, 'toString', { value: javaIdentity, writable: true, configurable: true });
      }
      return steps;
    });
  }
  klass('Charts.TextStyle', {});
  lazyClass('Charts.TextStyleBuilder', () => inPlace('Charts.TextStyleBuilder', ['setColor', 'setFontName', 'setFontSize']));
  Object.assign(sheets, chartClasses);
